import type { ResultsProperties } from '@oasis/schema';
import { PropertyCard, QuantityGrid } from '../../components/PropertyCard.tsx';
import { Quantity } from '../../components/Quantity.tsx';

type SolarCell = NonNullable<NonNullable<ResultsProperties['optoelectronic']>['solar_cell']>;

/** '18.5 %', '1.05 V': the solar-cell values in the units the field reports them in. */
const withUnit = (value: number | undefined, unit: string, scale = 1) =>
  typeof value === 'number' && Number.isFinite(value)
    ? `${Number((value * scale).toPrecision(4))} ${unit}`
    : undefined;

/**
 * The device and its performance (results.properties.optoelectronic.solar_cell); all values are in the
 * metadata. Current density in mA/cm² and intensity in mW/cm², as solar-cell papers give them.
 */
export function SolarCellCard({ solarCell }: { solarCell: SolarCell }) {
  const list = (values: readonly string[] | undefined) => values?.join(', ');
  return (
    <PropertyCard title="Solar cell properties">
      <QuantityGrid>
        <Quantity label="efficiency" value={withUnit(solarCell.efficiency, '%')} />
        <Quantity label="fill factor" value={solarCell.fill_factor} />
        <Quantity label="open circuit voltage" value={withUnit(solarCell.open_circuit_voltage, 'V')} />
        <Quantity
          label="short circuit current density"
          value={withUnit(solarCell.short_circuit_current_density, 'mA/cm²', 0.1)}
        />
        <Quantity
          label="illumination intensity"
          value={withUnit(solarCell.illumination_intensity, 'mW/cm²', 0.1)}
        />
        <Quantity label="device area" value={withUnit(solarCell.device_area, 'cm²', 1e4)} />
        <Quantity label="device architecture" value={solarCell.device_architecture} />
        <Quantity label="absorber" value={list(solarCell.absorber)} />
        <Quantity label="absorber fabrication" value={list(solarCell.absorber_fabrication)} />
        <Quantity label="electron transport layer" value={list(solarCell.electron_transport_layer)} />
        <Quantity label="hole transport layer" value={list(solarCell.hole_transport_layer)} />
        <Quantity label="substrate" value={list(solarCell.substrate)} />
        <Quantity label="back contact" value={list(solarCell.back_contact)} />
        <Quantity label="device stack" value={list(solarCell.device_stack)} />
      </QuantityGrid>
    </PropertyCard>
  );
}
