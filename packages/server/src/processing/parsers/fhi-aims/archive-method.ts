// run.method of an FHI-aims output: functional, spin, smearing, relativity, k-mesh, SCF thresholds,
// the basis (numeric atom-centred orbitals) and the species as atom_parameters (mass, DFT+U).
import { ATOMIC_MASS_UNIT, atomicNumber, ELECTRON_VOLT } from '@oasis/chem';
import type { AtomParameters, MethodElectronic, MethodScf, RunMethod, XcFunctional } from '@oasis/schema';
import { xcFunctional } from '../code-sections.ts';
import type { AimsOutput, AimsSpecies } from './read-aims.ts';

/** libxc names of FHI-aims' `xc` keywords. */
const XC: Readonly<Record<string, readonly string[]>> = {
  'pw-lda': ['LDA_X', 'LDA_C_PW'],
  'pz-lda': ['LDA_X', 'LDA_C_PZ'],
  pbe: ['GGA_X_PBE', 'GGA_C_PBE'],
  pbesol: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  rpbe: ['GGA_X_RPBE', 'GGA_C_PBE'],
  revpbe: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  blyp: ['GGA_X_B88', 'GGA_C_LYP'],
  pw91_gga: ['GGA_X_PW91', 'GGA_C_PW91'],
  am05: ['GGA_X_AM05', 'GGA_C_AM05'],
  pbe0: ['HYB_GGA_XC_PBEH'],
  hse06: ['HYB_GGA_XC_HSE06'],
  b3lyp: ['HYB_GGA_XC_B3LYP'],
  scan: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
  hf: ['HF_X'],
};

/** The exact-exchange share of FHI-aims' hybrids unless 'hybrid_xc_coeff' sets another. */
const EXACT_EXCHANGE: Readonly<Record<string, number>> = { pbe0: 0.25, hse06: 0.25, b3lyp: 0.2, hf: 1 };

const SMEARING: Readonly<Record<string, string>> = {
  gaussian: 'gaussian',
  methfessel: 'methfessel-paxton',
  fermi: 'fermi',
  cold: 'marzari-vanderbilt',
};

const RELATIVITY: Readonly<Record<string, NonNullable<MethodElectronic['relativity_method']>>> = {
  'atomic_zora scalar': 'scalar_relativistic_atomic_ZORA',
  'zora scalar': 'scalar_relativistic',
};

/** The numbers of a control.in value ('4 4 4', '1d-6'), its words left out. */
export const numbers = (text: string | undefined): number[] =>
  (text ?? '')
    .split(/\s+/)
    .filter((t) => t !== '' && !Number.isNaN(Number(t.replace(/[dD]/, 'e'))))
    .map((t) => Number(t.replace(/[dD]/, 'e')));

function functionalOf(control: Map<string, string>, warnings: string[]): XcFunctional {
  const xcKey = (control.get('xc') ?? '').split(/\s+/)[0]!.toLowerCase();
  const names = XC[xcKey];
  if (!names && xcKey) warnings.push(`xc '${xcKey}' has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const share = numbers(control.get('hybrid_xc_coeff'))[0] ?? EXACT_EXCHANGE[xcKey];
  const hybrid = functional.hybrid ?? [];
  if (share !== undefined && hybrid.length > 0)
    hybrid[0]!.parameters = { exact_exchange_mixing_factor: share };
  return functional;
}

function atomParametersOf(species: readonly AimsSpecies[]): AtomParameters[] {
  return species.map((s) => {
    const parameters: AtomParameters = { label: s.label };
    const number = s.nuclearCharge !== undefined ? Math.round(s.nuclearCharge) : atomicNumber(s.label);
    if (number !== undefined) parameters.atom_number = number;
    if (s.mass !== undefined) parameters.mass = s.mass * ATOMIC_MASS_UNIT;
    // FHI-aims' '+U' is the rotationally invariant form with one effective U per shell.
    if (s.hubbard)
      parameters.hubbard_kanamori_model = {
        orbital: s.hubbard.orbital,
        u_effective: s.hubbard.u * ELECTRON_VOLT,
        double_counting_correction: 'Dudarev',
      };
    return parameters;
  });
}

export function methodOf(out: AimsOutput, warnings: string[]): RunMethod {
  const { control } = out;
  const electronic: MethodElectronic = {
    method: 'DFT',
    n_spin_channels: control.get('spin') === 'collinear' ? 2 : 1,
  };
  const [occupation, width] = (control.get('occupation_type') ?? '').split(/\s+/);
  if (occupation) {
    const kind = SMEARING[occupation.toLowerCase()];
    electronic.smearing = {
      ...(kind ? { kind } : {}),
      ...(width ? { width: Number(width) * ELECTRON_VOLT } : {}),
    };
  }
  const relativity = RELATIVITY[(control.get('relativistic') ?? '').toLowerCase().replace(/\s+/g, ' ')];
  if (relativity) electronic.relativity_method = relativity;
  const method: RunMethod = {
    dft: { xc_functional: functionalOf(control, warnings) },
    electronic,
    electrons_representation: [
      {
        type: 'atom-centered orbitals',
        scope: ['wavefunction'],
        basis_set: [{ type: 'numeric AOs', scope: ['full-electron'] }],
      },
    ],
  };
  if (out.species.length > 0) method.atom_parameters = atomParametersOf(out.species);
  const grid = numbers(control.get('k_grid'));
  // 'k_offset' in fractions of a grid step; without it the grid contains Γ.
  const offset = numbers(control.get('k_offset'));
  if (grid.length === 3)
    method.k_mesh = { dimensionality: 3, grid, offset: offset.length === 3 ? offset : [0, 0, 0] };
  const scf: MethodScf = {};
  const etot = numbers(control.get('sc_accuracy_etot'))[0];
  if (etot !== undefined) scf.threshold_energy_change = etot * ELECTRON_VOLT;
  const rho = numbers(control.get('sc_accuracy_rho'))[0];
  if (rho !== undefined) scf.threshold_density_change = rho;
  const limit = numbers(control.get('sc_iter_limit'))[0];
  if (limit !== undefined) scf.n_max_iteration = limit;
  if (Object.keys(scf).length > 0) method.scf = scf;
  return method;
}
