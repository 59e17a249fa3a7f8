import { bool, float, int, repeating, section, str, sub } from '../define.ts';
import { interactionLevels } from './run-force-field.ts';

/**
 * run.method.tb: a tight-binding model, built from Slater-Koster integrals (DFTB), from extended
 * tight-binding parameters (xTB) or from a Wannier projection of a first-principles band structure.
 */

const modelQuantities = [
  str('name', 'Name of the model, e.g. GFN2-xTB or a Slater-Koster parameter set.'),
  str('reference', 'Literature reference or source of the model.'),
] as const;

const tightBindingOrbital = section('TightBindingOrbital', 'One orbital of a tight-binding model.', [
  str('orbital_name', 'Name of the orbital, e.g. s, px, dxy.'),
  int('cell_index', 'Index of the cell the orbital sits in.', { shape: [3] }),
  int('atom_index', 'Index of the atom the orbital belongs to.'),
  int('shell', 'Shell number of the orbital.'),
  float('onsite_energy', 'On-site energy of the orbital.'),
]);

const INTEGRALS = [
  'sss',
  'sps',
  'sds',
  'sfs',
  'pps',
  'ppp',
  'pds',
  'pdp',
  'pfs',
  'pfp',
  'dds',
  'ddp',
  'ddd',
  'dfs',
  'dfp',
  'dfd',
  'ffs',
  'ffp',
  'ffd',
  'fff',
] as const;

const slaterKosterBond = section(
  'SlaterKosterBond',
  'Two-centre Slater-Koster integrals between the orbitals of two atoms.',
  [
    str('bond_label', 'Label of the bond.'),
    // The name spells the two angular momenta and the bond symmetry (s sigma, p pi, d delta, f phi).
    ...INTEGRALS.map((name) => float(name, `Slater-Koster integral ${name}.`)),
  ],
  [sub('center1', tightBindingOrbital), sub('center2', tightBindingOrbital)],
);

const slaterKoster = section(
  'SlaterKoster',
  'Parameters of a Slater-Koster tight-binding model.',
  [],
  [
    repeating('orbitals', tightBindingOrbital),
    repeating('bonds', slaterKosterBond),
    repeating('overlaps', slaterKosterBond),
  ],
);

const xtb = section('xTB', 'Parameters of an extended tight-binding (GFNn-xTB) model.', modelQuantities, [
  repeating('contributions', interactionLevels[0]),
  repeating('hamiltonian', interactionLevels[0]),
  repeating('overlap', interactionLevels[0]),
  repeating('repulsion', interactionLevels[0]),
  repeating('magnetic', interactionLevels[0]),
  repeating('coulomb', interactionLevels[0]),
]);

const wannier = section('Wannier', 'Parameters of a Wannier tight-binding model.', [
  int('n_projected_orbitals', 'Number of Wannier functions fitted to the band structure.'),
  int('n_bands', 'Number of Bloch bands entering the projection.'),
  bool('is_maximally_localized', 'Whether the functions were maximally localised, not a single projection.'),
  float('convergence_tolerance_max_localization', 'Convergence tolerance of the localisation (spread).'),
  float('energy_window_outer', 'Bottom and top of the outer (disentanglement) window.', {
    shape: [2],
    unit: 'electron_volt',
  }),
  float('energy_window_inner', 'Bottom and top of the inner (frozen) window.', {
    shape: [2],
    unit: 'electron_volt',
  }),
]);

export const tb = section('TB', 'Parameters of a tight-binding calculation.', modelQuantities, [
  repeating('contributions', interactionLevels[0]),
  sub('slater_koster', slaterKoster),
  sub('xtb', xtb),
  sub('wannier', wannier),
]);

/** run.calculation.hopping_matrix: the real-space hoppings of a Wannier (or other TB) model. */
export const hoppingMatrix = section(
  'HoppingMatrix',
  'Hopping and overlap elements between the projected orbitals, per Wigner-Seitz point.',
  [
    int('n_orbitals', 'Number of projected orbitals.'),
    int('n_wigner_seitz_points', 'Number of Wigner-Seitz lattice points.'),
    int('degeneracy_factors', 'Degeneracy of each Wigner-Seitz point.', { shape: ['n_wigner_seitz_points'] }),
    // Rows as Wannier90's _hr.dat writes them: three cell indices, two orbital indices, real and imaginary
    // part (eV).
    float('value', 'Hopping elements of each Wigner-Seitz point and orbital pair.', {
      shape: ['n_wigner_seitz_points', 'n_orbitals * n_orbitals', 7],
    }),
  ],
);

export const tbSections = [
  tb,
  slaterKoster,
  slaterKosterBond,
  tightBindingOrbital,
  xtb,
  wannier,
  hoppingMatrix,
];
