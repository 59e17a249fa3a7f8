import type { EntryArchive } from '@oasis/schema';
import { ArchiveSeries } from './ArchiveSeries.tsx';
import { archiveResults } from './archiveResults.ts';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import { radiusOfGyrationSeries, rdfSeries } from './propertySeries.ts';
import { NO_UNIT } from './SeriesPlot.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { useEntryUnits } from './useEntryUnits.ts';

const structuralOf = (data: EntryArchive) => archiveResults(data)?.properties?.structural;
const prepareRdf = (data: EntryArchive) => rdfSeries(data, structuralOf(data));
const prepareRadius = (data: EntryArchive) => radiusOfGyrationSeries(data, structuralOf(data));

/** Radial distribution functions and radii of gyration of an MD run (results.properties.structural). */
export function StructuralCard({
  hasRdf,
  hasRadiusOfGyration,
  archive,
}: {
  hasRdf: boolean;
  hasRadiusOfGyration: boolean;
  archive: ArchiveState;
}) {
  const units = useEntryUnits();
  return (
    <PropertyCard title="Structural properties">
      {hasRdf ? (
        <ArchiveSeries
          title="Radial distribution function"
          archive={archive}
          prepare={prepareRdf}
          failure="Could not load radial distribution function data."
          x={{ name: 'Distance', unit: units.length }}
          y={{ name: 'g(r)', unit: NO_UNIT }}
        />
      ) : null}
      {hasRadiusOfGyration ? (
        <ArchiveSeries
          title="Radius of gyration"
          archive={archive}
          prepare={prepareRadius}
          failure="Could not load radius of gyration data."
          x={{ name: 'Time', unit: units.time }}
          y={{ name: 'Radius of gyration', unit: units.length }}
          height={450}
        />
      ) : null}
    </PropertyCard>
  );
}
