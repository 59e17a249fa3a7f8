import type { EntryArchive, ResultsProperties } from '@oasis/schema';
import { ArchiveSeries } from './ArchiveSeries.tsx';
import { archiveResults } from './archiveResults.ts';
import { listOf } from './listOf.ts';
import { PropertyCard, QuantityGrid } from '../../components/PropertyCard.tsx';
import { msdSeries } from './propertySeries.ts';
import { Quantity } from '../../components/Quantity.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { formatQuantity } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

type Dynamical = NonNullable<ResultsProperties['dynamical']>;

const prepareMsd = (data: EntryArchive) => msdSeries(data, archiveResults(data)?.properties?.dynamical);

/**
 * Mean squared displacements of an MD run and the diffusion constants from them
 * (results.properties.dynamical); the constants are in the metadata once the archive has loaded.
 */
export function DynamicalCard({
  dynamical,
  archive,
}: {
  dynamical: Dynamical | undefined;
  archive: ArchiveState;
}) {
  const units = useEntryUnits();
  // The index keeps no diffusion constants: they come with the archive.
  const loaded =
    archive.status === 'ready' ? archiveResults(archive.archive)?.properties?.dynamical : undefined;
  const displacements = listOf((loaded ?? dynamical)?.mean_squared_displacement);
  return (
    <PropertyCard title="Dynamical properties">
      {displacements.some((msd) => msd.diffusion_constant_value !== undefined) ? (
        <QuantityGrid>
          {displacements.map((msd, index) => (
            <Quantity
              key={index}
              label={`diffusion constant${msd.label ? ` (${msd.label})` : ''}`}
              value={formatQuantity(msd.diffusion_constant_value, units.diffusion)}
            />
          ))}
        </QuantityGrid>
      ) : null}
      <ArchiveSeries
        title="Mean squared displacement"
        archive={archive}
        prepare={prepareMsd}
        failure="Could not load mean squared displacement data."
        x={{ name: 'Time', unit: units.time }}
        y={{ name: 'MSD', unit: units.area }}
      />
    </PropertyCard>
  );
}
