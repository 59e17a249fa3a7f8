// The electronic parts of an OUTCAR calculation in SI units: scf iterations with their energies and
// timings, eigenvalues per k-point with the band edges, and the k-point mesh.
import { ELECTRON_VOLT, type Vec3 } from '@oasis/chem';
import type { BandEnergies, CalculationEnergy, ScfIteration } from '@oasis/schema';
import { timingsOf } from '../vasp/calculation.ts';
import { bandEdgesOf } from '../vasp/electronic.ts';
import type { KMesh } from '../vasp/method.ts';
import type { OutcarKpoints, OutcarStep } from './read-outcar.ts';

const energyValue = (ev: number | undefined): { value: number } | undefined =>
  ev === undefined ? undefined : { value: ev * ELECTRON_VOLT };

/** Scf iterations as printed; `start` is the wall time (s) elapsed before the ionic step began. */
export function scfIterationsOf(step: OutcarStep, start: number | undefined): ScfIteration[] {
  const timings = timingsOf(
    step.scf.map(({ time }) => time),
    start,
  );
  return step.scf.map(({ energies }, index) => {
    const energy: CalculationEnergy = {};
    // Same mapping as the ionic step: 'energy without entropy' is the total energy.
    const pairs: ['total' | 'free' | 'total_t0' | 'sum_eigenvalues', number | undefined][] = [
      ['total', energies.withoutEntropy],
      ['free', energies.free],
      ['total_t0', energies.sigma0],
      ['sum_eigenvalues', energies.sumEigenvalues],
    ];
    for (const [key, ev] of pairs) {
      const value = energyValue(ev);
      if (value) energy[key] = value;
    }
    return { energy, ...timings[index] };
  });
}

/** The eigenvalues section and band edges, when the step printed a full set for the k-points. */
export function eigenvaluesOf(
  step: OutcarStep,
  kpoints: OutcarKpoints | undefined,
  warnings: string[],
): { eigenvalues?: BandEnergies; highestOccupied?: number; lowestUnoccupied?: number } {
  const raw = step.eigenvalues;
  if (!raw || raw.energies.length === 0) return {};
  const nK = raw.energies[0]?.length ?? 0;
  // Sparse rows (a k-point not printed) are holes that every() would skip: check each index.
  const complete = raw.energies.every((spin) => {
    if (spin.length !== nK) return false;
    for (let k = 0; k < nK; k++) if (spin[k] === undefined) return false;
    return true;
  });
  if (!complete || nK === 0) {
    warnings.push(`OUTCAR line ${step.line}: the eigenvalues miss some k-points and were left out`);
    return {};
  }
  const edges = bandEdgesOf(raw);
  const section: BandEnergies = {
    n_spin_channels: raw.energies.length,
    n_kpoints: nK,
    n_bands: raw.energies[0]?.[0]?.length ?? 0,
    energies: raw.energies.map((spin) => spin.map((bands) => bands.map((e) => e * ELECTRON_VOLT))),
    occupations: raw.occupations,
  };
  if (kpoints?.points.length === nK) {
    section.kpoints = kpoints.points;
    section.kpoints_weights = kpoints.weights;
    if (kpoints.multiplicities) section.kpoints_multiplicities = kpoints.multiplicities;
  }
  const result: ReturnType<typeof eigenvaluesOf> = { eigenvalues: section };
  if (edges.highestOccupied !== undefined) result.highestOccupied = edges.highestOccupied;
  if (edges.lowestUnoccupied !== undefined) result.lowestUnoccupied = edges.lowestUnoccupied;
  return result;
}

/** method.k_mesh from the k-points VASP used. */
export function kMeshOf(kpoints: OutcarKpoints | undefined): KMesh | undefined {
  if (!kpoints || kpoints.points.length === 0) return undefined;
  const mesh: KMesh & { multiplicities?: number[] } = {
    n_points: kpoints.points.length,
    points: kpoints.points.map((p) => [...p] as Vec3),
    weights: kpoints.weights,
  };
  if (kpoints.multiplicities) mesh.multiplicities = kpoints.multiplicities;
  return mesh;
}
