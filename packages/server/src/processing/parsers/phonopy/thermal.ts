// Harmonic thermodynamics and the DOS from mesh frequencies (THz, with the weights of the irreducible
// points), per unit cell. Modes below a small cutoff (the acoustic modes at Γ, and imaginary ones) are
// left out of the thermal sums. phonopy's default cutoff is zero, which lets the rounding noise of the
// Γ acoustic modes (±1e-7 THz) into the free energy through kT ln(hν/kT); the cutoff here avoids it.
import { BOLTZMANN, PLANCK } from '@oasis/chem';
import { TERAHERTZ } from './constants.ts';

/** THz: far below any mode off Γ on a mesh of up to 50 points per axis, far above rounding. */
const THERMAL_CUTOFF = 1e-3;

export interface ThermalProperties {
  /** K */
  temperatures: number[];
  /** J per unit cell */
  freeEnergy: number[];
  internalEnergy: number[];
  /** J/K per unit cell */
  entropy: number[];
  heatCapacity: number[];
}

/** The temperatures min, min + step, ... up to max (phonopy's range, end included). */
export function temperatureGrid(min: number, max: number, points: number): number[] {
  const step = (max - min) / points;
  if (!(step > 0)) return [min];
  const grid: number[] = [];
  for (let k = 0; min + k * step <= max + step / 2; k++) grid.push(min + k * step);
  return grid;
}

export function thermalProperties(
  frequencies: readonly (readonly number[])[],
  weights: readonly number[],
  temperatures: readonly number[],
): ThermalProperties {
  const total = weights.reduce((a, b) => a + b, 0);
  const kept: number[] = [];
  const keptWeights: number[] = [];
  frequencies.forEach((modes, q) => {
    for (const f of modes)
      if (f > THERMAL_CUTOFF) {
        kept.push(PLANCK * f * TERAHERTZ);
        keptWeights.push(weights[q]! / total);
      }
  });
  const energies = Float64Array.from(kept);
  const w = Float64Array.from(keptWeights);
  let zeroPoint = 0;
  for (let m = 0; m < energies.length; m++) zeroPoint += (w[m]! * energies[m]!) / 2;
  const result: ThermalProperties = {
    temperatures: [...temperatures],
    freeEnergy: [],
    internalEnergy: [],
    entropy: [],
    heatCapacity: [],
  };
  for (const t of temperatures) {
    let f = zeroPoint;
    let u = zeroPoint;
    let s = 0;
    let c = 0;
    if (t > 0) {
      const kt = BOLTZMANN * t;
      for (let m = 0; m < energies.length; m++) {
        const x = energies[m]! / kt;
        // In e^{−x}: no overflow, and frozen modes (x large) underflow harmlessly to 0.
        const decay = Math.exp(-x);
        if (decay === 0) continue;
        const occupation = decay / (1 - decay);
        const log = Math.log1p(-decay);
        const weight = w[m]!;
        f += weight * kt * log;
        u += weight * energies[m]! * occupation;
        s += weight * BOLTZMANN * (x * occupation - log);
        c += weight * BOLTZMANN * x * x * occupation * (1 + occupation);
      }
    }
    result.freeEnergy.push(f);
    result.internalEnergy.push(u);
    result.entropy.push(s);
    result.heatCapacity.push(c);
  }
  return result;
}

/**
 * The phonon DOS per unit cell on a frequency grid (THz), states per THz: each mode a normalised
 * Gaussian of width `sigma` (THz), cut at 6 sigma.
 */
export function gaussianDos(
  frequencies: readonly (readonly number[])[],
  weights: readonly number[],
  grid: readonly number[],
  sigma: number,
): number[] {
  const dos = new Array<number>(grid.length).fill(0);
  if (grid.length === 0) return dos;
  const total = weights.reduce((a, b) => a + b, 0);
  const start = grid[0]!;
  const step = grid.length > 1 ? grid[1]! - start : 1;
  const norm = 1 / (Math.sqrt(2 * Math.PI) * sigma);
  frequencies.forEach((modes, q) => {
    const w = weights[q]! / total;
    for (const f of modes) {
      const from = Math.max(0, Math.floor((f - 6 * sigma - start) / step));
      const to = Math.min(grid.length - 1, Math.ceil((f + 6 * sigma - start) / step));
      for (let k = from; k <= to; k++) {
        const x = (grid[k]! - f) / sigma;
        dos[k]! += w * norm * Math.exp(-0.5 * x * x);
      }
    }
  });
  return dos;
}
