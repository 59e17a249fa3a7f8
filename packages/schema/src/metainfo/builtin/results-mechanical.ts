import { enumeration, float, repeating, section, SUGGESTED } from '../define.ts';

/** results.properties.mechanical: elastic moduli and energy-volume curves. */

/** Equation-of-state fits; a modulus may also come from averaging elastic constants. */
const EOS_FITS = [
  'birch_euler',
  'birch_lagrange',
  'birch_murnaghan',
  'mie_gruneisen',
  'murnaghan',
  'pack_evans_james',
  'pourier_tarantola',
  'tait',
  'vinet',
] as const;

const ELASTIC_AVERAGES = ['reuss_average', 'voigt_average', 'voigt_reuss_hill_average'] as const;

const energyVolumeCurve = section('EnergyVolumeCurve', 'Energy against volume: raw or fitted.', [
  enumeration('type', 'Raw data or the equation of state fitted.', [...EOS_FITS, 'raw'], SUGGESTED),
]);

const bulkModulus = section('BulkModulus', 'Bulk modulus and how it was obtained.', [
  enumeration(
    'type',
    'Equation-of-state fit or elastic-constant average it comes from.',
    [...EOS_FITS, ...ELASTIC_AVERAGES],
    SUGGESTED,
  ),
  float('value', 'Bulk modulus.', { unit: 'pascal', search: true }),
]);

const shearModulus = section('ShearModulus', 'Shear modulus and how it was obtained.', [
  enumeration('type', 'Elastic-constant average it comes from.', ELASTIC_AVERAGES, SUGGESTED),
  float('value', 'Shear modulus.', { unit: 'pascal', search: true }),
]);

export const mechanical = section(
  'MechanicalProperties',
  'Mechanical properties of the entry.',
  [],
  [
    repeating('energy_volume_curve', energyVolumeCurve),
    repeating('bulk_modulus', bulkModulus),
    repeating('shear_modulus', shearModulus),
  ],
);

export const mechanicalSections = [mechanical, energyVolumeCurve, bulkModulus, shearModulus];
