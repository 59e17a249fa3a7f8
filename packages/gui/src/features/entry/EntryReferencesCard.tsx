import { Alert, Link, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { PropertyCard } from '../../components/PropertyCard.tsx';

/** Reference tables show the latest 20 entries (spec 3 §9). */
const REFERENCED_BY_LIMIT = 20;
export const REFERENCED_BY_LIMIT_TEXT = 'Only showing at most the latest 20 entries.';

/**
 * The entries whose data reference this one ('referenced by'), newest upload first, at most 20; shown
 * only when there are any.
 */
export function EntryReferencesCard({ entryId }: { entryId: string }) {
  const api = useApi();
  const { pathname } = useLocation();
  const result = useQuery({
    queryKey: ['entries', entryId, 'referenced-by'],
    queryFn: () =>
      api.call('entriesQuery', {
        body: {
          owner: 'visible',
          query: { 'entry_references.target_entry_id': entryId },
          pagination: { page_size: REFERENCED_BY_LIMIT, order_by: 'upload_create_time', order: 'desc' },
          required: { include: ['entry_id', 'entry_name', 'mainfile', 'upload_id'] },
        },
      }),
    meta: { silent: true },
    retry: false,
  });
  if (result.isPending) return null;
  if (result.isError) {
    return (
      <PropertyCard title="Referenced by">
        <Alert severity="error">Could not load the referencing entries: {result.error.message}</Alert>
      </PropertyCard>
    );
  }
  const entries = result.data.data.filter(
    (entry): entry is typeof entry & { entry_id: string } => typeof entry.entry_id === 'string',
  );
  if (entries.length === 0) return null;
  // The same tab path below the other entry's id (search, upload and dataset pages all nest entries).
  const entryPath = (id: string) =>
    pathname.replace(/\/entry\/id\/.*$/, `/entry/id/${encodeURIComponent(id)}`);
  const count =
    entries.length === 1 ? '1 entry references this entry' : `${entries.length} entries reference this entry`;
  const title =
    entries.length === REFERENCED_BY_LIMIT ? (
      <Tooltip title={REFERENCED_BY_LIMIT_TEXT}>
        <span>{count}</span>
      </Tooltip>
    ) : (
      count
    );
  return (
    <PropertyCard title="Referenced by">
      <Typography variant="body2" color="text.secondary" component="div">
        {title}
      </Typography>
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={entry.entry_id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={entryPath(entry.entry_id)}>
                  {typeof entry.entry_name === 'string' ? entry.entry_name : entry.entry_id}
                </Link>
              }
              secondary={typeof entry.mainfile === 'string' ? entry.mainfile : undefined}
            />
          </ListItem>
        ))}
      </List>
    </PropertyCard>
  );
}
