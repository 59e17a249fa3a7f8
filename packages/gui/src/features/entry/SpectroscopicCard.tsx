import type { EntryArchive } from '@oasis/schema';
import { ArchiveSeries } from './ArchiveSeries.tsx';
import { archiveResults } from './archiveResults.ts';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import { spectraSeries } from './propertySeries.ts';
import { NO_UNIT } from './SeriesPlot.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { useEntryUnits } from './useEntryUnits.ts';

const prepareSpectra = (data: EntryArchive) =>
  spectraSeries(data, archiveResults(data)?.properties?.spectroscopic);

/** Measured or computed spectra, intensity against energy (results.properties.spectroscopic.spectra). */
export function SpectroscopicCard({ archive }: { archive: ArchiveState }) {
  const { energy } = useEntryUnits();
  return (
    <PropertyCard title="Spectroscopic properties">
      <ArchiveSeries
        title="Spectra"
        archive={archive}
        prepare={prepareSpectra}
        failure="Could not load Spectra."
        x={{ name: 'Energy', unit: energy }}
        y={{ name: 'Intensity', unit: NO_UNIT }}
      />
    </PropertyCard>
  );
}
