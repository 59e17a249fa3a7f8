import { describe, expect, it } from 'vitest';
import { mdAnalysis } from './md-analysis.ts';

const A = 1e-10;
const FS = 1e-15;
const box = [
  [10 * A, 0, 0],
  [0, 10 * A, 0],
  [0, 0, 10 * A],
];

/** An MD archive of frames, each a system: two argon atoms 2 Å apart, moving together along x. */
function archive(frames: number, velocity: number) {
  const system = (t: number) => ({
    atoms: {
      labels: ['Ar', 'Ar'],
      periodic: [true, true, true],
      lattice_vectors: box,
      // Across the cell boundary: x wraps at 10 Å, so unwrapping is needed.
      positions: [
        [((1 + velocity * t) % 10) * A, 5 * A, 5 * A],
        [((3 + velocity * t) % 10) * A, 5 * A, 5 * A],
      ],
    },
  });
  return {
    run: [
      {
        system: Array.from({ length: frames }, (_, t) => system(t)),
        calculation: Array.from({ length: frames }, (_, t) => ({
          system_ref: `/run/0/system/${t}`,
          time_physical: t * FS,
        })),
      },
    ],
    workflow2: { m_def: 'simulationworkflowschema.MolecularDynamics', name: 'MolecularDynamics' },
  };
}

describe('structure and dynamics of an MD trajectory', () => {
  it('finds the pair distance in the radial distribution function', () => {
    const rdf = (
      mdAnalysis(archive(20, 0.5))?.structural?.radial_distribution_function as Record<string, number[]>[]
    )[0]!;
    expect(rdf.label).toBe('Ar-Ar');
    const peak = rdf.bins![rdf.value!.indexOf(Math.max(...rdf.value!))]!;
    // 100 bins up to 5 Å (half the cell): the 2 Å distance falls in the bin centred on 2.025 Å.
    expect(peak / A).toBeCloseTo(2.025, 6);
  });

  it('follows atoms across the cell boundary: the squared displacement of a steady drift grows with the lag squared', () => {
    const msd = (
      mdAnalysis(archive(20, 0.5))?.dynamical.mean_squared_displacement as Record<string, number[] | number>[]
    )[0]!;
    const value = msd.value as number[];
    // 0.5 Å per femtosecond: after 9 fs, 4.5 Å, 20.25 Å².
    expect(value[9]! / A ** 2).toBeCloseTo(20.25, 6);
    expect(msd.diffusion_constant_value).toBeGreaterThan(0);
  });

  it('needs a trajectory: distinct systems in at least four steps', () => {
    expect(mdAnalysis(archive(3, 0.5))).toBeUndefined();
    const repeated = archive(10, 0.5);
    for (const calculation of repeated.run[0]!.calculation) calculation.system_ref = '/run/0/system/0';
    expect(mdAnalysis(repeated)).toBeUndefined();
  });
});
