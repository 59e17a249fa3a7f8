import { Card, CardContent, CardHeader } from '@mui/material';
import { formatAuthors } from '../../components/format.ts';
import { SafeLink } from '../../components/SafeLink.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import type { EntryData } from '../../api/entries/types.ts';

/** Name, type and curation metadata of the entry. */
export function MetadataCard({ entry }: { entry: EntryData }) {
  const authors = (entry.authors ?? [])
    .map((author) => author.name)
    .filter((name): name is string => Boolean(name));
  const datasets = (entry.datasets ?? []).map((dataset) => dataset.dataset_name ?? dataset.dataset_id ?? '');
  return (
    <Card variant="outlined">
      <CardHeader title="Metadata" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Quantity label="entry name" value={entry.entry_name} />
        <Quantity label="entry type" value={entry.entry_type} />
        <Quantity label="mainfile" value={entry.mainfile} />
        <Quantity label="comment" value={entry.comment} />
        <Quantity label="references" value={entry.references}>
          {(entry.references ?? []).map((reference) => (
            <div key={reference}>
              <SafeLink href={reference} absolute target="_blank" rel="noopener noreferrer" />
            </div>
          ))}
        </Quantity>
        <Quantity label="authors" value={authors}>
          {formatAuthors(authors, true)}
        </Quantity>
        <Quantity label="datasets" value={datasets.filter(Boolean)} />
      </CardContent>
    </Card>
  );
}
