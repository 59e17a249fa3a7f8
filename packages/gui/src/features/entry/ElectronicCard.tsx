import { Box } from '@mui/material';
import type { EntryArchive, ResultsElectronic } from '@oasis/schema';
import { useCallback } from 'react';
import { ArchivePlot } from './ArchivePlot.tsx';
import { archiveResults } from './archiveResults.ts';
import { BandStructurePlot } from './BandStructurePlot.tsx';
import { BRILLOUIN_ZONE_FAILED, BrillouinZone } from './BrillouinZone.tsx';
import { prepareBrillouinZone } from './zoneGeometry.ts';
import { DosPlot } from './DosPlot.tsx';
import { EnergyReferenceNote } from './EnergyReference.tsx';
import { bandGapTexts, prepareBandStructure, prepareDos } from './electronic.ts';
import { listOf } from './listOf.ts';
import { PropertyCard, PropertySection, QuantityGrid } from '../../components/PropertyCard.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { formatQuantity } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

const PLOT_HEIGHT = 400;
const ZONE_HEIGHT = 320;

/**
 * Band gap, band structure and density of states (results.properties.electronic). `hasDos`/`hasBands`
 * come from the metadata; the arrays they plot from the archive.
 */
export function ElectronicCard({
  electronic,
  hasDos,
  hasBands,
  archive,
}: {
  electronic: ResultsElectronic;
  hasDos: boolean;
  hasBands: boolean;
  archive: ArchiveState;
}) {
  const { energy } = useEntryUnits();
  const bandStructure = listOf(electronic.band_structure_electronic)[0];
  const dos = listOf(electronic.dos_electronic)[0];
  const gaps = bandGapTexts(
    bandStructure?.band_gap?.length ? bandStructure.band_gap : (electronic.band_gap ?? dos?.band_gap),
    // A band gap value is a finite number, so it always formats.
    (value) => formatQuantity(value, energy) ?? '',
  );

  const prepareBands = useCallback(
    (data: EntryArchive) => {
      const section =
        listOf(archiveResults(data)?.properties?.electronic?.band_structure_electronic)[0] ?? bandStructure;
      if (!section) throw new Error('The archive has no band structure');
      return prepareBandStructure(data, section);
    },
    [bandStructure],
  );
  const prepareDensities = useCallback(
    (data: EntryArchive) => {
      const section = listOf(archiveResults(data)?.properties?.electronic?.dos_electronic)[0] ?? dos;
      if (!section) throw new Error('The archive has no density of states');
      return prepareDos(data, section);
    },
    [dos],
  );

  const bandsPlot = hasBands ? (
    <PropertySection title="Band structure">
      <ArchivePlot
        archive={archive}
        prepare={prepareBands}
        failure="Could not load band structure."
        height={PLOT_HEIGHT}
      >
        {(data) => <BandStructurePlot bands={data} height={PLOT_HEIGHT} />}
      </ArchivePlot>
    </PropertySection>
  ) : null;
  const prepareZone = useCallback(
    (data: EntryArchive) => {
      const section =
        listOf(archiveResults(data)?.properties?.electronic?.band_structure_electronic)[0] ?? bandStructure;
      if (!section) throw new Error('The archive has no band structure');
      return prepareBrillouinZone(data, section);
    },
    [bandStructure],
  );
  const zone = hasBands ? (
    <PropertySection title="Brillouin zone">
      <ArchivePlot
        archive={archive}
        prepare={prepareZone}
        failure={BRILLOUIN_ZONE_FAILED}
        height={ZONE_HEIGHT}
      >
        {(data) => <BrillouinZone zone={data} height={ZONE_HEIGHT} />}
      </ArchivePlot>
    </PropertySection>
  ) : null;
  const dosPlot = hasDos ? (
    <PropertySection title="Density of states">
      <ArchivePlot
        archive={archive}
        prepare={prepareDensities}
        failure="Could not load density of states."
        height={PLOT_HEIGHT}
      >
        {(data) => <DosPlot dos={data} height={PLOT_HEIGHT} />}
      </ArchivePlot>
    </PropertySection>
  ) : null;

  return (
    <PropertyCard title="Electronic properties">
      <QuantityGrid>
        <Quantity label="band gap" value={gaps} />
      </QuantityGrid>
      {bandsPlot || dosPlot ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 1,
            gridTemplateColumns: { xs: '1fr', lg: bandsPlot && dosPlot ? '2fr 1fr' : '1fr' },
          }}
        >
          {bandsPlot}
          {dosPlot}
        </Box>
      ) : null}
      {bandsPlot || dosPlot ? <EnergyReferenceNote /> : null}
      {zone ? <Box sx={{ mt: 2, maxWidth: 480 }}>{zone}</Box> : null}
    </PropertyCard>
  );
}
