// The viewer's wrap modes: positions as given, wrapped into the cell along its periodic directions,
// or unwrapped so that bonded groups (molecules) are whole instead of cut by the cell's faces.
import { BOND_FACTOR } from './bonds.ts';
import { covalentRadius } from './elements.ts';
import { inverse, length, planeSpacings, toCartesian, toFractional } from './geometry.ts';
import type { Vec3, ViewerStructure, WrapMode } from './types.ts';

const WRAP_MODES: readonly WrapMode[] = ['original', 'wrap', 'unwrap'];

export function withWrapMode(structure: ViewerStructure, mode: WrapMode): ViewerStructure {
  if (!WRAP_MODES.includes(mode)) throw new Error(`Invalid wrap mode '${String(mode)}'.`);
  const { lattice, periodic } = structure;
  if (mode === 'original' || !lattice || !periodic.some(Boolean)) return structure;
  const inv = inverse(lattice);
  const fractional = structure.positions.map((r) => wrapped(toFractional(r, inv), periodic));
  const placed = mode === 'wrap' ? fractional : unwrapped(structure.species, fractional, structure);
  return { ...structure, positions: placed.map((f) => toCartesian(f, lattice)) };
}

function wrapped(f: Vec3, periodic: readonly boolean[]): Vec3 {
  return f.map((x, k) => {
    if (!periodic[k]) return x;
    const w = x - Math.floor(x);
    return w > 1 - 1e-10 ? 0 : w;
  }) as Vec3;
}

/** Walks each bonded group from its first atom, moving every atom to the image next to its neighbour. */
function unwrapped(species: readonly string[], fractional: readonly Vec3[], s: ViewerStructure): Vec3[] {
  const lattice = s.lattice!;
  const radii = species.map(covalentRadius);
  const cutoff = BOND_FACTOR * 2 * Math.max(...radii);
  const spacing = planeSpacings(lattice);
  const bins = [0, 1, 2].map((k) => (s.periodic[k] ? Math.max(1, Math.floor(spacing[k]! / cutoff)) : 1));
  const binOf = (f: Vec3) =>
    [0, 1, 2].map((k) => (s.periodic[k] ? Math.min(bins[k]! - 1, Math.floor(f[k]! * bins[k]!)) : 0));
  const key = (b: readonly number[]) => (b[0]! * bins[1]! + b[1]!) * bins[2]! + b[2]!;
  const grid = new Map<number, number[]>();
  fractional.forEach((f, i) => {
    const k = key(binOf(f));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  });
  const steps = bins.map((n) => (n === 1 ? [0] : n === 2 ? [0, 1] : [-1, 0, 1]));
  const placed: (Vec3 | undefined)[] = fractional.map(() => undefined);
  for (let start = 0; start < fractional.length; start++) {
    if (placed[start]) continue;
    placed[start] = fractional[start]!;
    const queue = [start];
    while (queue.length > 0) {
      const i = queue.pop()!;
      const at = placed[i]!;
      const b = binOf(fractional[i]!);
      for (const dx of steps[0]!)
        for (const dy of steps[1]!)
          for (const dz of steps[2]!) {
            const nb = [b[0]! + dx, b[1]! + dy, b[2]! + dz].map((v, k) => (v + bins[k]!) % bins[k]!);
            for (const j of grid.get(key(nb)) ?? []) {
              if (placed[j]) continue;
              const d = fractional[j]!.map((x, k) => {
                const diff = x - fractional[i]![k]!;
                return s.periodic[k] ? diff - Math.round(diff) : diff;
              }) as Vec3;
              if (length(toCartesian(d, lattice)) > BOND_FACTOR * (radii[i]! + radii[j]!)) continue;
              placed[j] = [at[0] + d[0], at[1] + d[1], at[2] + d[2]];
              queue.push(j);
            }
          }
    }
  }
  return placed as Vec3[];
}
