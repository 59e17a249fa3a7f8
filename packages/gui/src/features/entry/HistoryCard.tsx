import { List, ListItem, ListItemText } from '@mui/material';
import { formatDateTime } from '../../components/dateTime.ts';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import type { EntryData } from '../../api/entries/types.ts';

interface Activity {
  time: string;
  what: string;
  detail?: string;
}

/** What happened to the entry, newest first, from the times its metadata records. */
export function entryActivities(entry: EntryData): Activity[] {
  // Publication and edit times are metadata the contract leaves open (additional properties).
  const times = entry as Record<string, unknown>;
  const activities: Activity[] = [];
  const add = (time: unknown, what: string, detail?: string) => {
    if (typeof time === 'string' && time !== '')
      activities.push({ time, what, ...(detail ? { detail } : {}) });
  };
  add(entry.upload_create_time, 'Upload created');
  add(
    entry.entry_create_time,
    'Entry created',
    typeof entry.mainfile === 'string' ? entry.mainfile : undefined,
  );
  add(
    entry.last_processing_time,
    'Processed',
    typeof entry.nomad_version === 'string' ? `version ${entry.nomad_version}` : undefined,
  );
  add(times.last_edit_time, 'Metadata edited');
  add(times.publish_time, 'Published', entry.with_embargo === true ? 'with embargo' : undefined);
  return activities.sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/** The entry's history (activity): creation, processing, edits and publication. */
export function HistoryCard({ entry }: { entry: EntryData }) {
  const activities = entryActivities(entry);
  if (activities.length === 0) return null;
  return (
    <PropertyCard title="History">
      <List dense disablePadding>
        {activities.map((activity) => (
          <ListItem key={`${activity.what}-${activity.time}`} disableGutters>
            <ListItemText
              primary={`${activity.what}${activity.detail ? ` (${activity.detail})` : ''}`}
              secondary={formatDateTime(activity.time)}
            />
          </ListItem>
        ))}
      </List>
    </PropertyCard>
  );
}
