import type { EntryArchive, ResultsProperties } from '@oasis/schema';
import { ArchiveSeries } from './ArchiveSeries.tsx';
import { archiveResults } from './archiveResults.ts';
import { listOf } from './listOf.ts';
import { PropertyCard, QuantityGrid } from '../../components/PropertyCard.tsx';
import { energyVolumeSeries } from './propertySeries.ts';
import { Quantity } from '../../components/Quantity.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { formatQuantity } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

type Mechanical = NonNullable<ResultsProperties['mechanical']>;

const prepareCurves = (data: EntryArchive) =>
  energyVolumeSeries(data, archiveResults(data)?.properties?.mechanical);

/** 'birch_murnaghan' -> 'birch murnaghan'. */
const typeText = (type: string | undefined) => (type ? type.replaceAll('_', ' ') : undefined);

/**
 * Bulk and shear moduli (from the metadata, one per fit or average) and the energy-volume curve with its
 * fits (from the archive) of results.properties.mechanical.
 */
export function MechanicalCard({
  mechanical,
  hasCurve,
  archive,
}: {
  mechanical: Mechanical | undefined;
  hasCurve: boolean;
  archive: ArchiveState;
}) {
  const units = useEntryUnits();
  const moduli = [
    ...listOf(mechanical?.bulk_modulus).map((modulus) => ({ kind: 'bulk modulus', ...modulus })),
    ...listOf(mechanical?.shear_modulus).map((modulus) => ({ kind: 'shear modulus', ...modulus })),
  ];
  return (
    <PropertyCard title="Mechanical properties">
      {moduli.length > 0 ? (
        <QuantityGrid>
          {moduli.map((modulus, index) => (
            <Quantity
              key={index}
              label={modulus.type ? `${modulus.kind} (${typeText(modulus.type)})` : modulus.kind}
              value={formatQuantity(modulus.value, units.pressure)}
            />
          ))}
        </QuantityGrid>
      ) : null}
      {hasCurve ? (
        <ArchiveSeries
          title="Energy-volume curve"
          archive={archive}
          prepare={prepareCurves}
          failure="Could not load energy volume curve."
          x={{ name: 'Volume', unit: units.volume }}
          y={{ name: 'Energy', unit: units.energy }}
        />
      ) : null}
    </PropertyCard>
  );
}
