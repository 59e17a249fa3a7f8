// An FHI-aims geometry.in as phonopy-FHI-aims writes and reads it: three 'lattice_vector' rows and
// 'atom' (Cartesian, Å) or 'atom_frac' (fractional) lines with the species last.
import type { Mat3, Vec3 } from '@oasis/chem';

export interface AimsCell {
  /** Rows in Å. */
  lattice: Mat3;
  species: string[];
  /** Cartesian, Å. */
  positions: Vec3[];
}

export function readGeometryIn(text: string, name: string, maxAtoms: number): AimsCell {
  const lattice: Vec3[] = [];
  const species: string[] = [];
  const raw: { position: Vec3; fractional: boolean }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.replace(/#.*/, '').trim().split(/\s+/);
    const [key] = fields;
    if (key !== 'lattice_vector' && key !== 'atom' && key !== 'atom_frac') continue;
    const xyz = fields.slice(1, 4).map(Number);
    if (xyz.length < 3 || xyz.some((x) => !Number.isFinite(x)))
      throw new Error(`${name}: cannot read '${line.trim()}'`);
    if (key === 'lattice_vector') lattice.push(xyz as Vec3);
    else {
      if (!fields[4]) throw new Error(`${name}: an atom without species: '${line.trim()}'`);
      species.push(fields[4]);
      raw.push({ position: xyz as Vec3, fractional: key === 'atom_frac' });
      if (raw.length > maxAtoms) throw new Error(`${name} has more than ${maxAtoms} atoms`);
    }
  }
  if (lattice.length !== 3) throw new Error(`${name} needs three lattice_vector lines (a periodic cell)`);
  if (raw.length === 0) throw new Error(`${name} has no atoms`);
  const cell = lattice as Mat3;
  const positions = raw.map(({ position: p, fractional }) =>
    fractional
      ? ([0, 1, 2].map((j) => p[0] * cell[0][j]! + p[1] * cell[1][j]! + p[2] * cell[2][j]!) as Vec3)
      : p,
  );
  return { lattice: cell, species, positions };
}
