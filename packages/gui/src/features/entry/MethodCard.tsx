import type { ResultsMethod } from '@oasis/schema';
import { PropertyCard, QuantityGrid } from '../../components/PropertyCard.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import { formatQuantity } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/** How the entry was computed: method, program, DFT settings and workflow (results.method). */
export function MethodCard({ method }: { method: ResultsMethod }) {
  const units = useEntryUnits();
  const simulation = method.simulation;
  const dft = simulation?.dft;
  const precision = simulation?.precision;
  return (
    <PropertyCard title="Method">
      <QuantityGrid>
        <Quantity label="method name" value={method.method_name} />
        <Quantity label="program name" value={simulation?.program_name} />
        <Quantity label="program version" value={simulation?.program_version} />
        <Quantity label="workflow name" value={method.workflow_name} />
        <Quantity label="xc functional type" value={dft?.xc_functional_type} />
        <Quantity label="xc functional names" value={dft?.xc_functional_names} />
        <Quantity label="basis set type" value={dft?.basis_set_type} />
        <Quantity label="core electron treatment" value={dft?.core_electron_treatment} />
        <Quantity
          label="plane-wave cutoff"
          value={formatQuantity(precision?.planewave_cutoff, units.energy)}
        />
        <Quantity label="k-line density" value={formatQuantity(precision?.k_line_density, units.length)} />
        <Quantity label="spin polarized" value={yesNo(dft?.spin_polarized)} />
      </QuantityGrid>
    </PropertyCard>
  );
}

function yesNo(value: boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value ? 'yes' : 'no';
}
