// Bonds between drawn atoms: closer than BOND_FACTOR times the sum of the covalent radii. Pairs are
// found through a grid of bond-long boxes, so large structures cost in proportion to their atoms.
import { BOND_FACTOR, covalentRadius, norm, sub3, type Vec3 } from '@oasis/chem';

/** Index pairs [i, j] with i < j. */
export function findBonds(species: readonly string[], positions: readonly Vec3[]): [number, number][] {
  if (positions.length < 2) return [];
  const radii = species.map(covalentRadius);
  const box = BOND_FACTOR * 2 * Math.max(...radii);
  const cellOf = (p: Vec3) => p.map((x) => Math.floor(x / box));
  const grid = new Map<string, number[]>();
  positions.forEach((p, i) => {
    const key = cellOf(p).join(',');
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  const bonds: [number, number][] = [];
  positions.forEach((p, i) => {
    const [cx, cy, cz] = cellOf(p) as Vec3;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const j of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
            if (j <= i) continue;
            const d = norm(sub3(positions[j]!, p));
            // Coinciding atoms (d ~ 0) are not bonded: they are a modelling artefact, not a bond.
            if (d > 0.1 && d <= BOND_FACTOR * (radii[i]! + radii[j]!)) bonds.push([i, j]);
          }
        }
  });
  return bonds;
}
