import type { EntryArchive } from '@oasis/schema';
import { ArchivePlot } from './ArchivePlot.tsx';
import { PropertySection } from '../../components/PropertyCard.tsx';
import type { Series } from './propertySeries.ts';
import { SeriesPlot, type Axis } from './SeriesPlot.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';

/** A titled plot of series read from the archive, with the card's failure text when they cannot be. */
export function ArchiveSeries({
  title,
  archive,
  prepare,
  failure,
  x,
  y,
  height = 400,
}: {
  title: string;
  archive: ArchiveState;
  /** Must keep its identity between renders (useCallback or module level). */
  prepare: (archive: EntryArchive) => readonly Series[];
  failure: string;
  x: Axis;
  y: Axis;
  height?: number;
}) {
  return (
    <PropertySection title={title}>
      <ArchivePlot archive={archive} prepare={prepare} failure={failure} height={height}>
        {(series) => <SeriesPlot series={series} x={x} y={y} label={title.toLowerCase()} height={height} />}
      </ArchivePlot>
    </PropertySection>
  );
}
