import { float, section, str, sub, SUGGESTED } from '../define.ts';

/** results.properties.optoelectronic: solar-cell devices and how well they perform. */

const layers = { shape: ['0..*'], ...SUGGESTED } as const;

const solarCell = section('SolarCell', 'A solar cell: its layers and its measured performance.', [
  float('efficiency', 'Power conversion efficiency in percent.', { search: true }),
  float('fill_factor', 'Fill factor: maximum power over open-circuit voltage times short-circuit current.', {
    search: true,
  }),
  float('open_circuit_voltage', 'Voltage at zero current.', { unit: 'volt', search: true }),
  float('short_circuit_current_density', 'Current density at zero voltage.', {
    unit: 'ampere / meter ** 2',
    search: true,
  }),
  float('illumination_intensity', 'Light intensity during the measurement.', {
    unit: 'watt / meter ** 2',
    search: true,
  }),
  float('device_area', 'Active area of the device.', { unit: 'meter ** 2', search: true }),
  str('device_architecture', 'Layer order of the device, e.g. pin or nip.', SUGGESTED),
  str('device_stack', 'Materials of the layers, from substrate to back contact.', layers),
  str('absorber', 'Materials of the absorber layer.', layers),
  str('absorber_fabrication', 'How the absorber layer was made.', layers),
  str('electron_transport_layer', 'Materials of the electron-transport layer.', layers),
  str('hole_transport_layer', 'Materials of the hole-transport layer.', layers),
  str('substrate', 'Materials of the substrate.', layers),
  str('back_contact', 'Materials of the back contact.', layers),
]);

export const optoelectronic = section(
  'OptoelectronicProperties',
  'Optoelectronic properties of the entry.',
  [],
  [sub('solar_cell', solarCell)],
);

export const optoelectronicSections = [optoelectronic, solarCell];
