// The structure files beside an xtb output: the input geometry (Turbomole '$coord' in bohr by default,
// or XYZ in Å), the optimised one (xtbopt.coord / xtbopt.xyz) and the trajectories (xtbopt.log of an
// optimisation, xtb.trj of a molecular dynamics), which are XYZ frames in Å.
import { ANGSTROM, BOHR, type Mat3, type Vec3 } from '@oasis/chem';
import type { Structure } from '../../structure.ts';
import { readXyz, symbolOf } from '../xyz-read.ts';

const unitOf = (options: string | undefined): number => (/^\s*angs/i.test(options ?? '') ? ANGSTROM : BOHR);

/** Lattice vectors (rows) of a, b, c and the angles alpha, beta, gamma in degrees. */
function cellVectors([a, b, c, alpha, beta, gamma]: number[]): Mat3 {
  const [ca, cb, cg, sg] = [alpha!, beta!, gamma!].flatMap((x, i) => {
    const r = (x * Math.PI) / 180;
    return i === 2 ? [Math.cos(r), Math.sin(r)] : [Math.cos(r)];
  }) as [number, number, number, number];
  const cx = c! * cb;
  const cy = (c! * (ca - cb * cg)) / sg;
  return [
    [a!, 0, 0],
    [b! * cg, b! * sg, 0],
    [cx, cy, Math.sqrt(Math.max(c! * c! - cx * cx - cy * cy, 0))],
  ];
}

/** A Turbomole '$coord' file as xtb writes and reads it; undefined when it has no atoms. */
export function readCoord(text: string): Structure | undefined {
  const groups = new Map<string, { options: string; lines: string[] }>();
  let current: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const keyword = /^\s*\$(\w+)(.*)$/.exec(line);
    if (keyword) {
      const lines: string[] = [];
      groups.set(keyword[1]!.toLowerCase(), { options: keyword[2]!.trim(), lines });
      current = lines;
    } else if (current && line.trim()) current.push(line);
  }
  const coord = groups.get('coord');
  if (!coord) return undefined;
  const rows = coord.lines.map((line) => line.trim().split(/\s+/));
  const species = rows.map((row) => symbolOf(row[3] ?? '') ?? 'X');
  const numbers = rows.map((row) => row.slice(0, 3).map(Number) as Vec3);
  if (numbers.length === 0 || numbers.some((p) => p.some((x) => !Number.isFinite(x)))) return undefined;
  const dimensions = Number(groups.get('periodic')?.options ?? 0) || 0;
  let lattice: Mat3 | null = null;
  const latticeGroup = groups.get('lattice');
  const cellGroup = groups.get('cell');
  if (latticeGroup && latticeGroup.lines.length >= dimensions) {
    const unit = unitOf(latticeGroup.options);
    const rowsOf = latticeGroup.lines.map((line) =>
      line
        .trim()
        .split(/\s+/)
        .map((x) => Number(x) * unit),
    );
    lattice = [0, 1, 2].map((i) => [0, 1, 2].map((j) => rowsOf[i]?.[j] ?? 0)) as Mat3;
  } else if (cellGroup?.lines[0]) {
    const unit = unitOf(cellGroup.options);
    const values = cellGroup.lines[0].trim().split(/\s+/).map(Number);
    lattice = cellVectors([...values.slice(0, 3).map((x) => x * unit), ...values.slice(3, 6)]);
  }
  const fractional = /^\s*frac/i.test(coord.options);
  const unit = unitOf(coord.options);
  const positions = numbers.map((p) =>
    fractional && lattice
      ? ([0, 1, 2].map(
          (j) => p[0] * lattice[0]![j]! + p[1] * lattice[1]![j]! + p[2] * lattice[2]![j]!,
        ) as Vec3)
      : (p.map((x) => x * unit) as Vec3),
  );
  const periodic = [0, 1, 2].map((i) => i < dimensions) as [boolean, boolean, boolean];
  return { species, positions, lattice: dimensions > 0 ? lattice : null, periodic };
}

/** The frames of an XYZ trajectory (positions in Å), as structures. */
export function readXyzStructures(text: string): Structure[] {
  return readXyz(text).map((frame) => ({
    species: frame.species,
    positions: frame.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: frame.lattice ? (frame.lattice.map((row) => row.map((x) => x * ANGSTROM)) as Mat3) : null,
    periodic: frame.periodic,
  }));
}

/** A structure file as xtb takes it: XYZ by its extension, else Turbomole coord. */
export function readStructureFile(name: string, text: string): Structure | undefined {
  if (/\.xyz$/i.test(name)) return readXyzStructures(text).at(-1);
  return readCoord(text);
}
