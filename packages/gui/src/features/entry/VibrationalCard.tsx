import { Box } from '@mui/material';
import type { EntryArchive, ResultsBandStructure, ResultsDos } from '@oasis/schema';
import { ArchivePlot } from './ArchivePlot.tsx';
import { ArchiveSeries } from './ArchiveSeries.tsx';
import { archiveResults } from './archiveResults.ts';
import { BandStructurePlot } from './BandStructurePlot.tsx';
import { DosPlot } from './DosPlot.tsx';
import { prepareBandStructure, prepareDos } from './electronic.ts';
import { PropertyCard, PropertySection } from '../../components/PropertyCard.tsx';
import { freeEnergySeries, heatCapacitySeries, sectionOf } from './propertySeries.ts';
import type { ArchiveState } from '../../api/entries/types.ts';
import { useEntryUnits } from './useEntryUnits.ts';

const PLOT_HEIGHT = 400;

/** The names of results.properties.available_properties this card shows. */
export const VIBRATIONAL_PROPERTIES = [
  'dos_phonon',
  'band_structure_phonon',
  'heat_capacity_constant_volume',
  'energy_free_helmholtz',
] as const;

const vibrationalOf = (data: EntryArchive) => archiveResults(data)?.properties?.vibrational;

// The phonon sections have the electronic ones' references (segments, energies, totals) and no band gaps.
const preparePhononBands = (data: EntryArchive) =>
  prepareBandStructure(
    data,
    sectionOf(vibrationalOf(data), 'band_structure_phonon', 'phonon band structure') as ResultsBandStructure,
  );
const preparePhononDos = (data: EntryArchive) =>
  prepareDos(data, sectionOf(vibrationalOf(data), 'dos_phonon', 'phonon density of states') as ResultsDos);
const prepareHeatCapacity = (data: EntryArchive) => [heatCapacitySeries(data, vibrationalOf(data))];
const prepareFreeEnergy = (data: EntryArchive) => [freeEnergySeries(data, vibrationalOf(data))];

/**
 * Phonon band structure and DOS side by side, heat capacity and Helmholtz free energy against
 * temperature (results.properties.vibrational); `available` says which of them the entry has.
 */
export function VibrationalCard({
  available,
  archive,
}: {
  available: readonly string[];
  archive: ArchiveState;
}) {
  const units = useEntryUnits();
  const has = (name: string) => available.includes(name);
  const bands = has('band_structure_phonon') ? (
    <PropertySection title="Phonon band structure">
      <ArchivePlot
        archive={archive}
        prepare={preparePhononBands}
        failure="Could not load band structure."
        height={PLOT_HEIGHT}
      >
        {(data) => (
          <BandStructurePlot bands={data} height={PLOT_HEIGHT} phonon label="phonon band structure" />
        )}
      </ArchivePlot>
    </PropertySection>
  ) : null;
  const dos = has('dos_phonon') ? (
    <PropertySection title="Phonon density of states">
      <ArchivePlot
        archive={archive}
        prepare={preparePhononDos}
        failure="Could not load density of states."
        height={PLOT_HEIGHT}
      >
        {(data) => <DosPlot dos={data} height={PLOT_HEIGHT} phonon label="phonon density of states" />}
      </ArchivePlot>
    </PropertySection>
  ) : null;
  const temperature = { name: 'Temperature', unit: units.temperature };
  return (
    <PropertyCard title="Vibrational properties">
      {bands || dos ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: bands && dos ? '2fr 1fr' : '1fr' },
          }}
        >
          {bands}
          {dos}
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {has('heat_capacity_constant_volume') ? (
          <ArchiveSeries
            title="Heat capacity"
            archive={archive}
            prepare={prepareHeatCapacity}
            failure="Could not load heat capacity."
            x={temperature}
            y={{ name: 'Heat capacity', unit: units.heatCapacity }}
          />
        ) : null}
        {has('energy_free_helmholtz') ? (
          <ArchiveSeries
            title="Helmholtz free energy"
            archive={archive}
            prepare={prepareFreeEnergy}
            failure="Could not load Helmholtz free energy."
            x={temperature}
            y={{ name: 'Helmholtz free energy', unit: units.energy }}
          />
        ) : null}
      </Box>
    </PropertyCard>
  );
}
