import { Box, Stack } from '@mui/material';
import { IdentifiersCard } from './IdentifiersCard.tsx';
import { MaterialCard } from './MaterialCard.tsx';
import { MetadataCard } from './MetadataCard.tsx';
import type { EntryData } from './types.ts';

/** Metadata and identifiers on the left, the result cards on the right. */
export function EntryOverview({ entry }: { entry: EntryData }) {
  const material = entry.results?.material;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
      <Stack spacing={2}>
        <MetadataCard entry={entry} />
        <IdentifiersCard entry={entry} />
      </Stack>
      <Stack spacing={2}>{material ? <MaterialCard material={material} /> : null}</Stack>
    </Box>
  );
}
