import { Box, Stack } from '@mui/material';
import type { EntryResults } from '@oasis/schema';
import { useMemo } from 'react';
import { ElectronicCard } from './ElectronicCard.tsx';
import { GeometryOptimizationCard } from './GeometryOptimizationCard.tsx';
import { IdentifiersCard } from './IdentifiersCard.tsx';
import { MaterialCard } from './MaterialCard.tsx';
import { MetadataCard } from './MetadataCard.tsx';
import { MethodCard } from './MethodCard.tsx';
import { archiveRequest, hasProperty } from './properties.ts';
import { DENSITIES_REQUIRED } from './structures.ts';
import { archiveData, type ArchiveState, type EntryData } from './types.ts';
import { useArchive } from './useEntry.ts';

/** Metadata and identifiers on the left, the result cards on the right. */
export function EntryOverview({ entry }: { entry: EntryData }) {
  const required = archiveRequest(entry.results, DENSITIES_REQUIRED);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
      <Stack spacing={2}>
        <MetadataCard entry={entry} />
        <IdentifiersCard entry={entry} />
      </Stack>
      {required ? (
        <CardsWithArchive entry={entry} required={required} />
      ) : (
        <ResultCards results={entry.results} archive={{ status: 'none' }} />
      )}
    </Box>
  );
}

/** Fetches (the needed part of) the archive; '*' shares its query with the data tab. */
function CardsWithArchive({
  entry,
  required,
}: {
  entry: EntryData;
  required: '*' | Record<string, unknown>;
}) {
  const { error, data } = useArchive(entry.entry_id, required);
  // One state object per archive: the plots prepare their data again whenever it changes identity.
  const archive = useMemo(
    (): ArchiveState =>
      error
        ? { status: 'error', message: error.message }
        : data
          ? { status: 'ready', archive: archiveData(data) }
          : { status: 'loading' },
    [error, data],
  );
  return <ResultCards results={entry.results} archive={archive} />;
}

/** Each card only when the metadata says its data exists. */
export function ResultCards({
  results,
  archive,
}: {
  results: EntryResults | undefined;
  archive: ArchiveState;
}) {
  const material = results?.material;
  const method = results?.method;
  const properties = results?.properties;
  const electronic = properties?.electronic;
  const hasDos = hasProperty(results, 'dos_electronic') || listed(electronic?.dos_electronic);
  const hasBands =
    hasProperty(results, 'band_structure_electronic') || listed(electronic?.band_structure_electronic);
  const optimization = properties?.geometry_optimization;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {material ? (
        <MaterialCard material={material} structures={properties?.structures} archive={archive} />
      ) : null}
      {method ? <MethodCard method={method} /> : null}
      {electronic && (hasDos || hasBands || electronic.band_gap?.length) ? (
        <ElectronicCard electronic={electronic} hasDos={hasDos} hasBands={hasBands} archive={archive} />
      ) : null}
      {optimization || hasProperty(results, 'geometry_optimization') ? (
        <GeometryOptimizationCard optimization={optimization ?? {}} archive={archive} />
      ) : null}
    </Stack>
  );
}

function listed(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}
