// Structural and dynamical properties of a molecular-dynamics trajectory, as NOMAD's MD normaliser derives
// them: radial distribution functions per element pair (results.properties.structural) and mean squared
// displacements per element with their diffusion constants (results.properties.dynamical). Choices made
// here: the RDF averages the second half of the frames (the equilibrated part), in 100 bins up to half
// the shortest cell height (at most 10 Å); the MSD runs over lags up to half the run, averaged over every
// time origin, and the diffusion constant is the slope of its second half over 6. Bounded: at most
// 2,000 atoms and 100 frames (evenly picked) are analysed, and the RDF's frames so that it computes at
// most 20 million pair distances.
import {
  finiteNumber,
  indexedSections,
  resolveArchivePath,
  sectionAt,
  simulatedTime,
} from './archive-path.ts';
import { isSection, type Section } from './normalizer.ts';
import { workflowClassName } from './workflow.ts';

type Vec = [number, number, number];

const MAX_ATOMS = 2_000;
const MAX_FRAMES = 100;
const RDF_BINS = 100;
const MAX_RDF_RANGE = 10e-10;
const MIN_FIT_POINTS = 3;
/** Pair distances one RDF computes at most (frames × atoms²): a few seconds in the parser process. */
const MAX_RDF_PAIRS = 20_000_000;

export interface Frame {
  /** m */
  positions: Vec[];
  /** Rows, m */
  cell: [Vec, Vec, Vec];
  /** s */
  time: number;
}

const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const volumeOf = (cell: [Vec, Vec, Vec]) => Math.abs(dot(cell[0], cross(cell[1], cell[2])));

/** Fractional coordinates: solves f · cell = r with the inverse built from cross products. */
export function fractional(position: Vec, cell: [Vec, Vec, Vec]): Vec {
  const volume = dot(cell[0], cross(cell[1], cell[2]));
  const b = [cross(cell[1], cell[2]), cross(cell[2], cell[0]), cross(cell[0], cell[1])];
  return b.map((row) => dot(position, row as Vec) / volume) as Vec;
}

/**
 * The frames of the run: the systems its calculations refer to, each once (at its first calculation's
 * time), with positions, a cell and a time. Steps between saved frames refer to no system.
 */
function framesOf(
  archive: Section,
  calculations: Section[],
  timeStep: number | undefined,
): Frame[] | undefined {
  const frames: Frame[] = [];
  const seen = new Set<string>();
  for (const [index, calculation] of calculations.entries()) {
    const reference = typeof calculation.system_ref === 'string' ? calculation.system_ref : undefined;
    if (!reference || seen.has(reference)) continue;
    seen.add(reference);
    const system = resolveArchivePath(archive, reference.replace(/^#/, ''));
    const atoms = isSection(system) ? sectionAt(system, 'atoms') : undefined;
    const positions = atoms?.positions as Vec[] | undefined;
    const cell = atoms?.lattice_vectors as [Vec, Vec, Vec] | undefined;
    const periodic = atoms?.periodic as boolean[] | undefined;
    if (!positions || !cell || periodic?.some((p) => !p)) return undefined;
    const time = simulatedTime(calculation) ?? (timeStep !== undefined ? index * timeStep : undefined);
    if (time === undefined) return undefined;
    frames.push({ positions, cell, time });
  }
  return frames;
}

export const evenly = <T>(items: readonly T[], count: number): T[] =>
  items.length <= count
    ? [...items]
    : Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);

/** Minimum-image distance through fractional coordinates (exact for cells that are not too skewed). */
function distance(a: Vec, b: Vec, cell: [Vec, Vec, Vec]): number {
  const f = fractional([a[0] - b[0], a[1] - b[1], a[2] - b[2]], cell).map((x) => x - Math.round(x)) as Vec;
  const r = [0, 1, 2].map((j) => f[0] * cell[0][j]! + f[1] * cell[1][j]! + f[2] * cell[2][j]!) as Vec;
  return Math.sqrt(dot(r, r));
}

function radialDistributions(frames: Frame[], species: string[]): Section[] {
  // Pair distances grow with the atoms squared: fewer frames for bigger systems.
  const budget = Math.max(1, Math.floor(MAX_RDF_PAIRS / species.length ** 2));
  const used = evenly(frames.slice(Math.floor(frames.length / 2)), Math.min(MAX_FRAMES, budget));
  const heights = used.map((frame) => {
    const volume = volumeOf(frame.cell);
    const [a, b, c] = frame.cell;
    return Math.min(
      volume / Math.hypot(...cross(b, c)),
      volume / Math.hypot(...cross(c, a)),
      volume / Math.hypot(...cross(a, b)),
    );
  });
  const range = Math.min(MAX_RDF_RANGE, Math.min(...heights) / 2);
  const width = range / RDF_BINS;
  const elements = [...new Set(species)].sort();
  const indices = new Map(
    elements.map((element) => [element, species.flatMap((s, i) => (s === element ? [i] : []))]),
  );
  const sections: Section[] = [];
  for (const [ai, a] of elements.entries())
    for (const b of elements.slice(ai)) {
      const first = indices.get(a)!;
      const second = indices.get(b)!;
      const counts = new Array<number>(RDF_BINS).fill(0);
      let density = 0;
      for (const frame of used) {
        for (const i of first)
          for (const j of second) {
            if (i === j) continue;
            const r = distance(frame.positions[i]!, frame.positions[j]!, frame.cell);
            if (r < range) counts[Math.floor(r / width)]! += 1;
          }
        density += second.length / volumeOf(frame.cell);
      }
      // No pair within the range (a primitive cell smaller than a bond, a single atom): no function.
      if (counts.every((count) => count === 0)) continue;
      density /= used.length;
      const bins = counts.map((_, k) => (k + 0.5) * width);
      const value = counts.map((count, k) => {
        const shell = (4 / 3) * Math.PI * (((k + 1) * width) ** 3 - (k * width) ** 3);
        return count / (used.length * first.length * density * shell);
      });
      sections.push({
        type: 'atomic',
        label: `${a}-${b}`,
        n_bins: RDF_BINS,
        bins,
        value,
        frame_start: frames.length - Math.ceil(frames.length / 2),
        frame_end: frames.length - 1,
      });
    }
  return sections;
}

/** Least-squares slope of y against x. */
function slope(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  const sxx = x.reduce((s, v) => s + (v - mx) ** 2, 0);
  return sxx === 0 ? 0 : x.reduce((s, v, i) => s + (v - mx) * (y[i]! - my), 0) / sxx;
}

function meanSquaredDisplacements(frames: Frame[], species: string[]): Section[] {
  const used = evenly(frames, MAX_FRAMES);
  // Unwrapped positions: each step moves an atom by its minimum image.
  const unwrapped: Vec[][] = [used[0]!.positions.map((p) => [...p] as Vec)];
  for (let t = 1; t < used.length; t += 1) {
    const previous = unwrapped[t - 1]!;
    const cell = used[t]!.cell;
    unwrapped.push(
      used[t]!.positions.map((p, i) => {
        const step = fractional(
          [
            p[0] - used[t - 1]!.positions[i]![0],
            p[1] - used[t - 1]!.positions[i]![1],
            p[2] - used[t - 1]!.positions[i]![2],
          ],
          cell,
        ).map((x) => x - Math.round(x));
        const r = [0, 1, 2].map(
          (j) => step[0]! * cell[0][j]! + step[1]! * cell[1][j]! + step[2]! * cell[2][j]!,
        );
        return [previous[i]![0] + r[0]!, previous[i]![1] + r[1]!, previous[i]![2] + r[2]!] as Vec;
      }),
    );
  }
  const lags = Math.max(2, Math.floor(used.length / 2));
  const times = Array.from({ length: lags }, (_, lag) => used[lag]!.time - used[0]!.time);
  return [...new Set(species)].sort().map((element): Section => {
    const atoms = species.flatMap((s, i) => (s === element ? [i] : []));
    const value = times.map((_, lag) => {
      let sum = 0;
      let count = 0;
      for (let origin = 0; origin + lag < used.length; origin += 1)
        for (const i of atoms) {
          const a = unwrapped[origin]![i]!;
          const b = unwrapped[origin + lag]![i]!;
          sum += (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 + (b[2] - a[2]) ** 2;
          count += 1;
        }
      return sum / count;
    });
    const half = Math.floor(lags / 2);
    const msd: Section = { type: 'atomic', direction: 'xyz', label: element, n_times: lags, times, value };
    // A slope needs a few points: short runs get the curve only.
    if (lags - half >= MIN_FIT_POINTS)
      msd.diffusion_constant_value = slope(times.slice(half), value.slice(half)) / 6;
    return msd;
  });
}

/** An MD archive's trajectory: its frames (each system once) and the first frame's system. */
export function mdTrajectory(archive: Section): { frames: Frame[]; firstSystem: Section } | undefined {
  const workflow = archive.workflow2;
  if (!isSection(workflow) || workflowClassName(workflow) !== 'MolecularDynamics') return undefined;
  const run = indexedSections(archive.run)[0]?.[1];
  const calculations = indexedSections(run?.calculation).map(([, calculation]) => calculation);
  const timeStep = finiteNumber(sectionAt(workflow, 'method')?.integration_timestep);
  const frames = framesOf(archive, calculations, timeStep);
  const firstReference = calculations.find((c) => typeof c.system_ref === 'string')?.system_ref as
    string | undefined;
  const firstSystem = firstReference
    ? resolveArchivePath(archive, firstReference.replace(/^#/, ''))
    : undefined;
  return frames && isSection(firstSystem) ? { frames, firstSystem } : undefined;
}

/** The structural and dynamical sections of an MD archive, or undefined when it has no usable trajectory. */
export function mdAnalysis(archive: Section): { structural?: Section; dynamical: Section } | undefined {
  const trajectory = mdTrajectory(archive);
  // Fewer than four distinct frames (one system repeated: no positions per step) say nothing.
  if (!trajectory || trajectory.frames.length < 4) return undefined;
  const { frames, firstSystem } = trajectory;
  const species = sectionAt(firstSystem, 'atoms')?.labels as string[] | undefined;
  if (!species || species.length > MAX_ATOMS || frames.some((f) => f.positions.length !== species.length))
    return undefined;
  const rdf = radialDistributions(frames, species);
  return {
    ...(rdf.length > 0 ? { structural: { radial_distribution_function: rdf } } : {}),
    dynamical: { mean_squared_displacement: meanSquaredDisplacements(frames, species) },
  };
}
