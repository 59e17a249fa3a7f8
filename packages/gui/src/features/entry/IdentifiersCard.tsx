import { Card, CardContent, CardHeader } from '@mui/material';
import { formatDateTime } from '../../components/dateTime.ts';
import { EntryApiDialog } from './EntryApiDialog.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import type { EntryData } from '../../api/entries/types.ts';

/** Ids and processing facts, the things to quote when asking about an entry. */
export function IdentifiersCard({ entry }: { entry: EntryData }) {
  return (
    <Card variant="outlined">
      <CardHeader
        title="Identifiers"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={<EntryApiDialog entry={entry} />}
      />
      <CardContent>
        <Quantity label="mainfile" value={entry.mainfile} />
        <Quantity label="entry id" value={entry.entry_id} />
        <Quantity label="material id" value={entry.results?.material?.material_id} />
        <Quantity label="upload id" value={entry.upload_id} />
        <Quantity
          label="upload create time"
          value={entry.upload_create_time && formatDateTime(entry.upload_create_time)}
        />
        <Quantity label="raw id" value={entry.raw_id} />
        <Quantity label="external id" value={entry.external_id} />
        <Quantity
          label="last processing time"
          value={entry.last_processing_time && formatDateTime(entry.last_processing_time)}
        />
        <Quantity label="processing version" value={entry.nomad_version} />
      </CardContent>
    </Card>
  );
}
