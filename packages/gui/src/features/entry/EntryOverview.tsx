import { Alert, Box, Stack } from '@mui/material';
import type { EntryResults } from '@oasis/schema';
import { useMemo, type ReactNode } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { DynamicalCard } from './DynamicalCard.tsx';
import { ElectronicCard } from './ElectronicCard.tsx';
import { EntryReferencesCard } from './EntryReferencesCard.tsx';
import { GeometryOptimizationCard } from './GeometryOptimizationCard.tsx';
import { HistoryCard } from './HistoryCard.tsx';
import { ElnCard, ElnPlots } from '../eln/index.ts';
import { IdentifiersCard } from './IdentifiersCard.tsx';
import { MaterialCard } from './MaterialCard.tsx';
import { MechanicalCard } from './MechanicalCard.tsx';
import { MetadataCard } from './MetadataCard.tsx';
import { MethodCard } from './MethodCard.tsx';
import { RelatedResourcesCard } from './RelatedResourcesCard.tsx';
import { NO_CARDS_WARNING, overviewCards, type CardKey } from './overviewCards.ts';
import { CardErrorBoundary } from '../../components/PropertyCard.tsx';
import { listOf } from './listOf.ts';
import { archiveRequest, hasProperty } from './properties.ts';
import { SolarCellCard } from './SolarCellCard.tsx';
import { SpectroscopicCard } from './SpectroscopicCard.tsx';
import { StructuralCard } from './StructuralCard.tsx';
import { ThermodynamicCard } from './ThermodynamicCard.tsx';
import { DENSITIES_REQUIRED } from './structures.ts';
import { archiveData, type ArchiveState, type EntryData } from '../../api/entries/types.ts';
import { ARCHIVE_PARSER } from '../../api/entries/parsers.ts';
import { useArchive } from '../../api/entries/useEntry.ts';
import { VIBRATIONAL_PROPERTIES, VibrationalCard } from './VibrationalCard.tsx';
import { hasWorkflowSections, WorkflowCard } from '../workflow/index.ts';
import { Hdf5DatasetsCard, mayReferenceHdf5, NEXUS_PARSER, NexusCard } from '../h5/index.ts';
import { SchemaDefinitionsCard } from '../metainfo/index.ts';

/** Metadata and identifiers on the left, the result cards on the right. */
export function EntryOverview({ entry }: { entry: EntryData }) {
  const required = archiveRequest(entry.results, DENSITIES_REQUIRED);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
      <Stack spacing={2}>
        <MetadataCard entry={entry} />
        <IdentifiersCard entry={entry} />
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {entry.parser_name === ARCHIVE_PARSER && <NotebookData entry={entry} />}
        {required ? (
          <CardsWithArchive entry={entry} required={required} />
        ) : (
          <ResultCards results={entry.results} archive={{ status: 'none' }} entry={entry} />
        )}
      </Stack>
    </Box>
  );
}

/**
 * The data of an archive file as a notebook, when it has data and its schema resolves (ElnCard shows
 * nothing otherwise). A schema file without data has only its definitions card.
 */
function NotebookData({ entry }: { entry: EntryData }) {
  const { data } = useArchive(entry.entry_id, '*');
  if (!data || (archiveData(data) as { data?: unknown }).data === undefined) return null;
  return (
    <>
      <CardErrorBoundary>
        <ElnCard entry={entry} archive={archiveData(data)} />
      </CardErrorBoundary>
      <CardErrorBoundary>
        <ElnPlots entry={entry} archive={archiveData(data)} />
      </CardErrorBoundary>
    </>
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
  return <ResultCards results={entry.results} archive={archive} entry={entry} />;
}

/** Each card only when the metadata says its data exists. */
export function ResultCards({
  results,
  archive,
  entry,
}: {
  results: EntryResults | undefined;
  archive: ArchiveState;
  /** The entry's metadata, for the cards about the entry itself (references, history). */
  entry?: EntryData;
}) {
  const material = results?.material;
  const method = results?.method;
  const properties = results?.properties;
  const electronic = properties?.electronic;
  const hasDos = hasProperty(results, 'dos_electronic') || listed(electronic?.dos_electronic);
  // A band structure section that holds only band gaps has nothing to plot (no segments).
  const hasBands =
    hasProperty(results, 'band_structure_electronic') ||
    listOf(electronic?.band_structure_electronic).some((bands) => listed(bands.segment));
  const hasGaps =
    listed(electronic?.band_gap) ||
    listOf(electronic?.band_structure_electronic).some((bands) => listed(bands.band_gap));
  const optimization = properties?.geometry_optimization;
  const available = properties?.available_properties ?? [];
  const has = (name: string) => available.includes(name);
  const solarCell = properties?.optoelectronic?.solar_cell;
  const { ui, apis } = useEnv();
  const order = overviewCards(ui);
  if (!order) return <Alert severity="warning">{NO_CARDS_WARNING}</Alert>;
  const cards: Record<CardKey, ReactNode> = {
    definitions:
      entry?.parser_name === ARCHIVE_PARSER ? <SchemaDefinitionsCard entryId={entry.entry_id} /> : null,
    nexus:
      entry?.parser_name === NEXUS_PARSER && entry.upload_id && entry.mainfile ? (
        <NexusCard uploadId={entry.upload_id} mainfile={entry.mainfile} />
      ) : null,
    hdf5dataset:
      entry?.upload_id && mayReferenceHdf5(entry.parser_name) ? (
        <Hdf5DatasetsCard entryId={entry.entry_id} uploadId={entry.upload_id} />
      ) : null,
    material: material ? (
      <MaterialCard
        material={material}
        structures={properties?.structures}
        archive={archive}
        entryId={entry?.entry_id}
      />
    ) : null,
    electronic:
      electronic && (hasDos || hasBands || hasGaps) ? (
        <ElectronicCard electronic={electronic} hasDos={hasDos} hasBands={hasBands} archive={archive} />
      ) : null,
    solarcell: solarCell ? <SolarCellCard solarCell={solarCell} /> : null,
    vibrational: VIBRATIONAL_PROPERTIES.some(has) ? (
      <VibrationalCard available={available} archive={archive} />
    ) : null,
    mechanical:
      has('energy_volume_curve') || has('bulk_modulus') || has('shear_modulus') ? (
        <MechanicalCard
          mechanical={properties?.mechanical}
          hasCurve={has('energy_volume_curve')}
          archive={archive}
        />
      ) : null,
    thermodynamic: has('trajectory') ? <ThermodynamicCard archive={archive} /> : null,
    structural:
      has('radial_distribution_function') || has('radius_of_gyration') ? (
        <StructuralCard
          hasRdf={has('radial_distribution_function')}
          hasRadiusOfGyration={has('radius_of_gyration')}
          archive={archive}
        />
      ) : null,
    dynamical: has('mean_squared_displacement') ? (
      <DynamicalCard dynamical={properties?.dynamical} archive={archive} />
    ) : null,
    geometry_optimization:
      optimization || hasProperty(results, 'geometry_optimization') ? (
        <GeometryOptimizationCard optimization={optimization ?? {}} archive={archive} />
      ) : null,
    spectroscopic: has('spectra') ? <SpectroscopicCard archive={archive} /> : null,
    workflow: entry && hasWorkflowSections(entry) ? <WorkflowCard entryId={entry.entry_id} /> : null,
    references: entry ? <EntryReferencesCard entryId={entry.entry_id} /> : null,
    history: entry ? <HistoryCard entry={entry} /> : null,
    relatedResources: entry && apis.resources ? <RelatedResourcesCard results={results} /> : null,
  };
  // The method has no card key of its own in NOMAD's configuration: it goes with the material.
  const methodAt = Math.max(0, order.indexOf('material') + 1);
  const shown: [string, ReactNode][] = order.map((key) => [key, cards[key]]);
  if (method) shown.splice(methodAt, 0, ['method', <MethodCard key="method" method={method} />]);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {shown.map(([key, card]) => (card ? <CardErrorBoundary key={key}>{card}</CardErrorBoundary> : null))}
    </Stack>
  );
}

function listed(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}
