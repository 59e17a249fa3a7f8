import {
  anyValue,
  bool,
  enumeration,
  float,
  int,
  LIST,
  reference,
  repeating,
  section,
  str,
  sub,
} from '../define.ts';
import {
  basisSections,
  basisSetAtomCentered,
  basisSetMesh,
  hubbardKanamoriModel,
  orbitalApw,
  pseudopotential,
} from './run-method-basis.ts';
import { bse, gw, gwSections } from './run-method-gw.ts';
import { frequencyMesh, kMesh, meshSections } from './run-method-mesh.ts';
import { forceField, forceFieldSections } from './run-force-field.ts';
import { tb, tbSections } from './run-method-tb.ts';

/** run.method: the model and numerical settings of a calculation, as parsers read them from input files. */

const functional = section('Functional', 'One exchange, correlation or hybrid functional term.', [
  str('name', 'LibXC name of the functional, e.g. GGA_X_PBE.'),
  float('weight', 'Weight of this functional in the sum.'),
  anyValue('parameters', 'Parameters of the functional, e.g. the mixing of exact exchange.'),
]);

const xcFunctional = section(
  'XCFunctional',
  'The exchange-correlation functional, as a sum of named terms.',
  [
    str('name', 'All terms of the functional joined by "+", sorted.'),
    str('reference', 'Literature reference of the functional.'),
  ],
  [
    repeating('exchange', functional),
    repeating('correlation', functional),
    repeating('hybrid', functional),
    repeating('contributions', functional),
  ],
);

const dft = section(
  'DFT',
  'Settings of a density-functional theory calculation.',
  [str('self_interaction_correction_method', 'Self-interaction correction used, if any.')],
  [sub('xc_functional', xcFunctional)],
);

const smearing = section('Smearing', 'Smearing of the occupations near the Fermi level.', [
  str('kind', 'Smearing function: gaussian, fermi, marzari-vanderbilt, methfessel-paxton, tetrahedra.'),
  float('width', 'Width of the smearing.'),
]);

export const RELATIVITY_METHODS = [
  'scalar_relativistic',
  'pseudo_scalar_relativistic',
  'scalar_relativistic_atomic_ZORA',
] as const;

const electronic = section(
  'Electronic',
  'Electronic-structure settings common to all methods.',
  [
    int('spin_target', 'Target spin multiplicity minus one.'),
    float('charge', 'Total charge of the system.', { unit: 'coulomb' }),
    int('n_bands', 'Number of bands (Kohn-Sham states) computed.'),
    int('n_spin_channels', 'Number of spin channels: 1 unpolarised, 2 collinear spin-polarised.'),
    float('n_electrons', 'Number of electrons in the calculation.'),
    str('method', 'Electronic-structure method, e.g. DFT.'),
    enumeration('relativity_method', 'Treatment of relativistic effects.', RELATIVITY_METHODS),
    str('van_der_waals_method', 'Van der Waals correction used, if any.'),
  ],
  [sub('smearing', smearing)],
);

const scf = section('Scf', 'Settings of the self-consistent field cycle.', [
  str('native_tier', 'Precision preset of the code, e.g. the VASP PREC setting.'),
  int('n_max_iteration', 'Maximum number of SCF iterations.'),
  float('threshold_energy_change', 'Energy change below which the SCF cycle is converged.', {
    unit: 'joule',
  }),
  float('threshold_density_change', 'Density change below which the SCF cycle is converged.'),
  str('minimization_algorithm', 'Algorithm that minimises the electronic energy.'),
]);

export const BASIS_SET_CONTAINER_TYPES = [
  'atom-centered orbitals',
  'APW',
  'LAPW',
  'APW+lo',
  'LAPW+lo',
  '(L)APW',
  '(L)APW+lo',
  'plane waves',
  'gaussians + plane waves',
  'real-space grid',
  'support functions',
  'not processed',
  'unavailable',
] as const;

const basisSet = section(
  'BasisSet',
  'One basis set and the region or electrons it describes.',
  [
    enumeration('type', 'Kind of basis functions.', [
      'numeric AOs',
      'gaussians',
      'plane waves',
      'psinc functions',
      'real-space grid',
      'pbeVaspFit2015',
      'Koga',
      'Bunge',
    ]),
    str('scope', 'What the basis set describes (e.g. valence, wavefunction, density).', { shape: LIST }),
    float('cutoff', 'Kinetic-energy cutoff of plane waves.', { unit: 'joule' }),
    float('cutoff_fractional', 'Dimensionless cutoff (RKmax of APW codes).'),
    bool('frozen_core', 'Whether core states are kept frozen.'),
    int('spherical_harmonics_cutoff', 'Largest angular momentum of the spherical harmonics.'),
    reference('atom_parameters', 'The atom kind this basis set belongs to.', 'run.method.atom_parameters'),
    ...basisSetMesh,
  ],
  [repeating('atom_centered', basisSetAtomCentered), repeating('orbital', orbitalApw)],
);

const basisSetContainer = section(
  'BasisSetContainer',
  'How the electronic states are represented: one or more basis sets.',
  [
    str('native_tier', 'Basis-set precision preset of the code.'),
    enumeration('type', 'Overall kind of the representation.', BASIS_SET_CONTAINER_TYPES),
    str('scope', 'What the representation describes.', { shape: LIST }),
  ],
  [repeating('basis_set', basisSet)],
);

const atomParameters = section(
  'AtomParameters',
  'Settings per atom kind, e.g. its pseudopotential.',
  [
    int('atom_number', 'Atomic number of the kind.'),
    int('atom_index', 'Index of the atom kind within the calculation.'),
    float('n_valence_electrons', 'Number of valence electrons of the kind.'),
    int('n_core_electrons', 'Number of core electrons of the kind.'),
    str('label', 'Label of the kind, usually its chemical symbol.'),
    float('mass', 'Atomic mass used for the kind.', { unit: 'kilogram' }),
    str('pseudopotential_name', 'Name of the pseudopotential, e.g. the TITEL of a VASP POTCAR.'),
    int('n_orbitals', 'Number of orbitals of the kind.'),
    str('orbitals', 'Label of each orbital of the kind.', { shape: ['n_orbitals'] }),
    float('onsite_energies', 'On-site energy of each orbital.', { shape: ['n_orbitals'], unit: 'joule' }),
    float('charge', 'Charge of the kind.', { unit: 'coulomb' }),
    float('charges', 'Charge of each orbital.', { shape: ['n_orbitals'], unit: 'coulomb' }),
  ],
  [sub('pseudopotential', pseudopotential), sub('hubbard_kanamori_model', hubbardKanamoriModel)],
);

// NOMAD's MoleculeParameters: force-field codes (DL_POLY) list the atom kinds of each molecule type.
const moleculeParameters = section(
  'MoleculeParameters',
  'Settings per molecule kind, with the settings of each of its atoms.',
  [str('label', 'Name of the molecule kind.'), int('n_atoms', 'Number of atoms in the molecule.')],
  [repeating('atom_parameters', atomParameters)],
);

export const method = section(
  'Method',
  'The method of one or more calculations of a run.',
  [
    enumeration('label', 'Short label of the method.', ['DFT', 'TB', 'GW', 'DMFT', 'BSE', 'kMC', 'NMR']),
    str('stress_tensor_method', 'How the stress tensor was computed.'),
    reference('starting_method_ref', 'The method this one starts from, e.g. the DFT of a GW.', 'run.method'),
    reference('core_method_ref', 'The core method this one builds on.', 'run.method'),
    int('n_references', 'Number of methods referenced.'),
    reference('methods_ref', 'Further methods this one relates to.', 'run.method', {
      shape: ['n_references'],
    }),
  ],
  [
    sub('dft', dft),
    sub('tb', tb),
    sub('electronic', electronic),
    sub('scf', scf),
    sub('gw', gw),
    sub('bse', bse),
    sub('force_field', forceField),
    sub('k_mesh', kMesh),
    repeating('frequency_mesh', frequencyMesh),
    repeating('electrons_representation', basisSetContainer),
    repeating('atom_parameters', atomParameters),
    repeating('molecule_parameters', moleculeParameters),
  ],
);

export const runMethodSections = [
  method,
  dft,
  xcFunctional,
  functional,
  electronic,
  smearing,
  scf,
  basisSetContainer,
  basisSet,
  atomParameters,
  moleculeParameters,
  ...meshSections,
  ...basisSections,
  ...gwSections,
  ...forceFieldSections,
  ...tbSections,
];
