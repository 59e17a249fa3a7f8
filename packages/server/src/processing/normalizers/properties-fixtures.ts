// Small NOMAD-shaped archives for the method/properties/workflow normaliser tests, written by hand
// in the layout the DFT parsers produce (SI units throughout). Test support only.
import { ANGSTROM, ELECTRON_VOLT as EV, EV_PER_ANGSTROM } from '@oasis/chem';
import type { Section } from './normalizer.ts';

const A = 4 * ANGSTROM;
const CUBIC: number[][] = [
  [A, 0, 0],
  [0, A, 0],
  [0, 0, A],
];

function system(positionsAngstrom: number[][]): Section {
  return {
    atoms: {
      labels: ['Na', 'Cl'],
      species: [11, 17],
      positions: positionsAngstrom.map((p) => p.map((x) => x * ANGSTROM)),
      lattice_vectors: CUBIC,
      periodic: [true, true, true],
    },
  };
}

function dftMethod(): Section {
  return {
    dft: {
      xc_functional: { exchange: [{ name: 'GGA_X_PBE' }], correlation: [{ name: 'GGA_C_PBE' }] },
    },
    electronic: { method: 'DFT', n_spin_channels: 1, smearing: { kind: 'gaussian', width: 0.05 * EV } },
    scf: { threshold_energy_change: 1e-3 * EV },
    basis_set: [
      { type: 'plane waves', cell_dependent: [{ kind: 'plane waves', planewave_cutoff: 400 * EV }] },
    ],
    k_mesh: { grid: [8, 8, 8], generation_method: 'Gamma-centered' },
  };
}

/**
 * A three-step relaxation of a 2-atom cubic cell (a = 4 Å). Atom 0 crosses the cell boundary in
 * the last step: stored at x = 3.95 Å after being at 0, a real move of 0.05 Å.
 */
export function geometryOptimizationArchive(): Section {
  return {
    run: [
      {
        program: { name: 'VASP', version: '6.4.2' },
        method: [dftMethod()],
        system: [
          system([
            [0, 0, 0],
            [2, 2, 2],
          ]),
          system([
            [0, 0, 0],
            [2.1, 2, 2],
          ]),
          system([
            [3.95, 0, 0],
            [2.1, 2, 2],
          ]),
        ],
        calculation: [-10.0, -10.3, -10.32].map((e, i) => ({
          system_ref: `/run/0/system/${i}`,
          method_ref: '/run/0/method/0',
          energy: { total: { value: e * EV } },
          forces: {
            total: {
              value: [
                [0.03 * EV_PER_ANGSTROM, 0.04 * EV_PER_ANGSTROM, 0],
                [0.01 * EV_PER_ANGSTROM, 0, 0],
              ],
            },
          },
        })),
      },
    ],
    workflow2: {
      m_def: 'simulationworkflowschema.GeometryOptimization',
      name: 'GeometryOptimization',
      method: {
        convergence_tolerance_energy_difference: 1e-3 * EV,
        convergence_tolerance_force_maximum: 0.1 * EV_PER_ANGSTROM,
      },
    },
  };
}

/** A single-point DFT run with four SCF steps; options add DOS and band-structure sections. */
export function singlePointArchive(extra: Section = {}): Section {
  return {
    run: [
      {
        program: { name: 'VASP', version: '6.4.2' },
        method: [dftMethod()],
        system: [
          system([
            [0, 0, 0],
            [2, 2, 2],
          ]),
        ],
        calculation: [
          {
            system_ref: '/run/0/system/0',
            method_ref: '/run/0/method/0',
            energy: { total: { value: -10.2501 * EV }, fermi: 1.0 * EV },
            scf_iteration: [-10.0, -10.2, -10.25, -10.2501].map((e) => ({
              energy: { total: { value: e * EV } },
            })),
            ...extra,
          },
        ],
      },
    ],
    workflow2: { m_def: 'simulationworkflowschema.SinglePoint', name: 'SinglePoint' },
  };
}
