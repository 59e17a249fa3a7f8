// The input side of a DFTB+ run: the HSD input (dftb_in.hsd, or the processed dftb_pin.hsd with every
// default spelled out) as nested settings, and its geometry in gen format (inline or included with
// '<<< "file.gen"'): N and C/S/F, the element names, one 'index type x y z' row per atom (Å, or
// fractional for F), then for S and F an origin and three lattice vectors in Å.
import { ANGSTROM, type Mat3, type Vec3 } from '@oasis/chem';
import type { Structure } from '../../structure.ts';
import { symbolOf } from '../xyz-read.ts';

type HsdValue = string | number | HsdSection;
export interface HsdSection {
  [key: string]: HsdValue;
}

const scalar = (text: string): string | number => {
  const value = text.trim().replace(/^["']|["']$/g, '');
  const number = Number(value);
  return value !== '' && Number.isFinite(number) ? number : value;
};

/**
 * The settings of an HSD text: 'Key = value', 'Key = Method { ... }' (the method kept as '_function')
 * and 'Key { ... }'; lines that are neither (geometry rows, k-point lists) kept as the section's '_block'.
 */
export function readHsd(text: string): HsdSection {
  const root: HsdSection = {};
  const stack: HsdSection[] = [root];
  const blocks = new Map<HsdSection, string[]>();
  const current = () => stack[stack.length - 1]!;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const open = /^([A-Za-z][\w]*(?:\s*\[[^\]]*\])?)\s*=?\s*([A-Za-z]\w*)?\s*\{\s*(\}?)\s*$/.exec(line);
    const assignment = /^([A-Za-z][\w]*(?:\s*\[[^\]]*\])?)\s*=\s*([^{}]+?)\s*$/.exec(line);
    if (open) {
      const section: HsdSection = open[2] ? { _function: open[2] } : {};
      current()[open[1]!] = section;
      if (!open[3]) stack.push(section);
    } else if (assignment) current()[assignment[1]!] = scalar(assignment[2]!);
    else if (/^\}+$/.test(line)) {
      for (let k = 0; k < line.length && stack.length > 1; k += 1) {
        const closed = stack.pop()!;
        const lines = blocks.get(closed);
        if (lines) closed._block = lines.join('\n');
      }
    } else {
      const lines = blocks.get(current()) ?? [];
      lines.push(line);
      blocks.set(current(), lines);
    }
  }
  return root;
}

/** The raw text of the Geometry block of an HSD input and its format ('GenFormat', 'xyzFormat'). */
export function hsdGeometry(text: string): { format: string; body: string } | undefined {
  const match = /^\s*Geometry\s*=\s*(\w+)\s*\{([^}]*)\}/m.exec(text);
  return match ? { format: match[1]!, body: match[2]! } : undefined;
}

/** The file a geometry block includes with '<<< "name"', if any. */
export const includedFile = (body: string): string | undefined => /<<<\s*["']?([^"'\s]+)/.exec(body)?.[1];

/** A gen-format geometry; undefined when it has no atoms. */
export function readGen(text: string): Structure | undefined {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const [count, kind] = (lines[0] ?? '').split(/\s+/);
  const nAtoms = Number(count);
  if (!Number.isInteger(nAtoms) || nAtoms <= 0 || lines.length < nAtoms + 2) return undefined;
  const elements = lines[1]!.split(/\s+/);
  const rows = lines.slice(2, nAtoms + 2).map((line) => line.split(/\s+/));
  const species = rows.map((row) => symbolOf(elements[Number(row[1]) - 1] ?? '') ?? 'X');
  const coordinates = rows.map((row) => row.slice(2, 5).map(Number) as Vec3);
  if (coordinates.some((p) => p.length < 3 || p.some((x) => !Number.isFinite(x)))) return undefined;
  const type = (kind ?? 'C').toUpperCase();
  const periodic = type === 'S' || type === 'F';
  const vectors = lines.slice(nAtoms + 3, nAtoms + 6).map((line) => line.split(/\s+/).map(Number));
  const lattice =
    periodic && vectors.length === 3
      ? (vectors.map((v) => v.slice(0, 3).map((x) => x * ANGSTROM)) as Mat3)
      : null;
  const positions = coordinates.map((p) =>
    type === 'F' && lattice
      ? ([0, 1, 2].map(
          (j) => p[0] * lattice[0]![j]! + p[1] * lattice[1]![j]! + p[2] * lattice[2]![j]!,
        ) as Vec3)
      : (p.map((x) => x * ANGSTROM) as Vec3),
  );
  return { species, positions, lattice, periodic: [Boolean(lattice), Boolean(lattice), Boolean(lattice)] };
}
