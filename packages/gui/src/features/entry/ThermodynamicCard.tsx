import { Box } from '@mui/material';
import type { EntryArchive } from '@oasis/schema';
import { ArchivePlot } from './ArchivePlot.tsx';
import { archiveResults } from './archiveResults.ts';
import { PropertyCard, PropertySection } from '../../components/PropertyCard.tsx';
import { TRAJECTORY_QUANTITIES, trajectorySeries, type TrajectoryQuantity } from './propertySeries.ts';
import { SeriesPlot } from './SeriesPlot.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import type { EntryUnits } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/** Trajectory plots are 450 px tall (spec 3 §9). */
const TRAJECTORY_HEIGHT = 450;

const TITLES: Record<TrajectoryQuantity, string> = {
  temperature: 'Temperature',
  pressure: 'Pressure',
  energy_potential: 'Potential energy',
  volume: 'Volume',
};

const unitOf = (quantity: TrajectoryQuantity, units: EntryUnits) =>
  ({
    temperature: units.temperature,
    pressure: units.pressure,
    energy_potential: units.energy,
    volume: units.volume,
  })[quantity];

const prepareTrajectory = (data: EntryArchive) =>
  trajectorySeries(data, archiveResults(data)?.properties?.thermodynamic);

/** Whether the trajectory's quantities all have fewer than two steps: then the card is left out. */
const nothingToPlot = (data: EntryArchive) => {
  try {
    return Object.keys(prepareTrajectory(data)).length === 0;
  } catch {
    return false; // the card says why it cannot plot
  }
};

/** Temperature, pressure and potential energy along an MD trajectory (results.properties.thermodynamic). */
export function ThermodynamicCard({ archive }: { archive: ArchiveState }) {
  const units = useEntryUnits();
  if (archive.status === 'ready' && nothingToPlot(archive.archive)) return null;
  return (
    <PropertyCard title="Thermodynamic properties">
      <ArchivePlot
        archive={archive}
        prepare={prepareTrajectory}
        failure="Could not load trajectory data."
        height={TRAJECTORY_HEIGHT}
      >
        {(series) => (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            {TRAJECTORY_QUANTITIES.map((quantity) => {
              const line = series[quantity];
              if (!line) return null;
              return (
                <PropertySection key={quantity} title={TITLES[quantity]}>
                  <SeriesPlot
                    series={[line]}
                    x={{ name: 'Time', unit: units.time }}
                    y={{ name: TITLES[quantity], unit: unitOf(quantity, units) }}
                    label={`trajectory ${TITLES[quantity].toLowerCase()}`}
                    height={TRAJECTORY_HEIGHT}
                  />
                </PropertySection>
              );
            })}
          </Box>
        )}
      </ArchivePlot>
    </PropertyCard>
  );
}
