// results.properties.structural.radius_of_gyration of an MD run whose first system names its molecules
// (atoms groups of type 'molecule', as the GROMACS parser writes them): per molecule label and frame, the
// mass-weighted radius of gyration averaged over that label's molecules, each molecule made whole by
// the minimum image around its first atom. Bounded: 100 frames (evenly picked), 200,000 atoms.
import { atomicMass } from '@oasis/chem';
import { indexedSections, sectionAt } from './archive-path.ts';
import { evenly, fractional, mdTrajectory, type Frame } from './md-analysis.ts';
import type { Section } from './normalizer.ts';

type Vec = [number, number, number];

const MAX_FRAMES = 100;
const MAX_ATOMS = 200_000;

/** Molecules of two or more atoms by label, from the system's molecule groups. */
function moleculesByLabel(system: Section, atomCount: number): Map<string, number[][]> {
  const byLabel = new Map<string, number[][]>();
  for (const [, group] of indexedSections(system.atoms_group))
    for (const [, molecule] of indexedSections(group.atoms_group)) {
      const indices = molecule.atom_indices;
      if (molecule.type !== 'molecule' || !Array.isArray(indices) || indices.length < 2) continue;
      if (!indices.every((i) => Number.isInteger(i) && i >= 0 && i < atomCount)) continue;
      const label = String(molecule.label);
      byLabel.set(label, [...(byLabel.get(label) ?? []), indices as number[]]);
    }
  return byLabel;
}

function radiusOf(frame: Frame, indices: readonly number[], masses: readonly number[]): number {
  const origin = frame.positions[indices[0]!]!;
  // Each atom at its minimum image from the first: a molecule split by the cell boundary is whole again.
  const whole = indices.map((i) => {
    const step = fractional(
      [0, 1, 2].map((k) => frame.positions[i]![k]! - origin[k]!) as Vec,
      frame.cell,
    ).map((x) => x - Math.round(x));
    return [0, 1, 2].map(
      (k) =>
        origin[k]! +
        step[0]! * frame.cell[0][k]! +
        step[1]! * frame.cell[1][k]! +
        step[2]! * frame.cell[2][k]!,
    );
  });
  const total = indices.reduce((sum, i) => sum + masses[i]!, 0);
  const centre = [0, 1, 2].map(
    (k) => whole.reduce((sum, p, j) => sum + masses[indices[j]!]! * p[k]!, 0) / total,
  );
  const squared = whole.reduce(
    (sum, p, j) =>
      sum +
      masses[indices[j]!]! *
        ((p[0]! - centre[0]!) ** 2 + (p[1]! - centre[1]!) ** 2 + (p[2]! - centre[2]!) ** 2),
    0,
  );
  return Math.sqrt(squared / total);
}

export function radiiOfGyration(archive: Section): Section[] | undefined {
  const trajectory = mdTrajectory(archive);
  if (!trajectory || trajectory.frames.length < 2) return undefined;
  const labels = sectionAt(trajectory.firstSystem, 'atoms')?.labels as string[] | undefined;
  if (!labels || labels.length > MAX_ATOMS) return undefined;
  if (trajectory.frames.some((frame) => frame.positions.length !== labels.length)) return undefined;
  const masses = labels.map((label) => atomicMass(label) ?? 0);
  const frames = evenly(trajectory.frames, MAX_FRAMES);
  const radii: Section[] = [];
  for (const [label, molecules] of moleculesByLabel(trajectory.firstSystem, labels.length)) {
    // Atoms without a known mass (X) would make the centre meaningless.
    if (molecules.some((indices) => indices.some((i) => masses[i] === 0))) continue;
    radii.push({
      kind: 'molecule',
      label,
      value: frames.map(
        (frame) =>
          molecules.reduce((sum, indices) => sum + radiusOf(frame, indices, masses), 0) / molecules.length,
      ),
      time: frames.map((frame) => frame.time),
    });
  }
  return radii.length > 0 ? radii : undefined;
}
