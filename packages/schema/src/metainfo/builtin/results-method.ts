import { bool, enumeration, float, LIST, repeating, section, str, sub, SUGGESTED } from '../define.ts';
import {
  BASIS_SET_TYPES,
  CORE_ELECTRON_TREATMENTS,
  METHOD_NAMES,
  XC_FUNCTIONAL_TYPES,
} from './results-method-values.ts';
import {
  beyondDftSections,
  bse,
  dmft,
  gw,
  hubbardKanamoriModel,
  measurementMethod,
  tb,
} from './results-method-beyond-dft.ts';
import { BASIS_SET_CONTAINER_TYPES, RELATIVITY_METHODS } from './run-method.ts';

export { BASIS_SET_TYPES, METHOD_NAMES };

/** results.method: how the entry was computed, normalised across codes for search. */

const dft = section(
  'DFT',
  'Density-functional theory settings of the entry.',
  [
    enumeration('basis_set_type', 'Kind of basis set.', BASIS_SET_TYPES, SUGGESTED),
    enumeration(
      'core_electron_treatment',
      'How core electrons are treated.',
      CORE_ELECTRON_TREATMENTS,
      SUGGESTED,
    ),
    bool('spin_polarized', 'Whether the calculation is spin-polarised.', { search: true }),
    float('scf_threshold_energy_change', 'SCF convergence threshold on the energy change.', {
      unit: 'joule',
      search: true,
    }),
    str('van_der_Waals_method', 'Van der Waals correction used, if any.', SUGGESTED),
    enumeration('relativity_method', 'Treatment of relativistic effects.', RELATIVITY_METHODS, SUGGESTED),
    str('smearing_kind', 'Kind of occupation smearing.', SUGGESTED),
    float('smearing_width', 'Width of the occupation smearing.', { search: true }),
    enumeration('jacobs_ladder', 'Rung of the functional on Jacob’s ladder.', XC_FUNCTIONAL_TYPES, {
      search: true,
    }),
    enumeration('xc_functional_type', 'Family of the exchange-correlation functional.', XC_FUNCTIONAL_TYPES, {
      search: true,
    }),
    str('xc_functional_names', 'LibXC names of the functional terms used.', { shape: LIST, ...SUGGESTED }),
    float('exact_exchange_mixing_factor', 'Share of exact exchange in a hybrid functional.', {
      search: true,
    }),
  ],
  [repeating('hubbard_kanamori_model', hubbardKanamoriModel)],
);

const precision = section('Precision', 'Numerical precision settings of the entry.', [
  float('k_line_density', 'k-points per reciprocal length along the cell vectors.', {
    unit: 'meter',
    search: true,
  }),
  str('native_tier', 'Precision preset of the code.', { search: true }),
  enumeration('basis_set', 'Kind of basis set.', BASIS_SET_CONTAINER_TYPES, SUGGESTED),
  float('planewave_cutoff', 'Kinetic-energy cutoff of the plane waves.', { unit: 'joule', search: true }),
  float('apw_cutoff', 'Dimensionless APW cutoff (RKmax).', { search: true }),
]);

const simulation = section(
  'Simulation',
  'The simulation code and its method.',
  [
    str('program_name', 'Name of the simulation code.', SUGGESTED),
    str('program_version', 'Version of the simulation code.', SUGGESTED),
    str('program_version_internal', 'Internal version of the simulation code.', SUGGESTED),
  ],
  [
    sub('dft', dft),
    sub('tb', tb),
    sub('gw', gw),
    sub('bse', bse),
    sub('dmft', dmft),
    sub('precision', precision),
  ],
);

export const resultsMethod = section(
  'Method',
  'The method of the entry.',
  [
    str('method_id', 'Identifier shared by entries computed with the same method.', { search: true }),
    enumeration('method_name', 'Common name of the method.', METHOD_NAMES, SUGGESTED),
    str('workflow_name', 'Name of the workflow of the entry, e.g. GeometryOptimization.', SUGGESTED),
  ],
  [sub('simulation', simulation), sub('measurement', measurementMethod)],
);

export const resultsMethodSections = [resultsMethod, simulation, dft, precision, ...beyondDftSections];
