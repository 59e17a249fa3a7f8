// The atoms of one system of an archive, read from any of the places NOMAD keeps them: a topology
// system (its own atoms, atoms_ref, or indices into its parent), a run system's atoms, or a structure
// of results.properties.structures. Everything comes from the archive file, so it is checked here.
import { ANGSTROM, atomicNumber, ELEMENT_SYMBOLS, type Mat3, type Vec3 } from '@oasis/chem';
import { isSection, type Section } from '../processing/normalizers/normalizer.ts';

/** A structure in Å, as structure files write it. */
export interface Atoms {
  species: string[];
  positions: Vec3[];
  lattice: Mat3 | null;
  periodic: [boolean, boolean, boolean];
}

/** Why a path gave no atoms: nothing is there, or what is there has no atoms. */
export type AtomsFailure = 'missing' | 'no-atoms';

/** How many references (atoms_ref, parent_system) are followed before giving up on a cycle. */
const MAX_HOPS = 8;

/** The value at an archive path ('results/material/topology/0', '/run/0/system/-1', '#/...'). */
function valueAt(archive: unknown, path: string): unknown {
  const local = path.replace(/^#/, '');
  let node: unknown = archive;
  for (const part of local.split('/').filter((p) => p !== '')) {
    if (Array.isArray(node)) {
      if (!/^-?\d+$/.test(part)) return undefined;
      const index = Number(part);
      node = node[index < 0 ? node.length + index : index];
    } else if (isSection(node)) {
      // Own properties only: a path must not reach Object.prototype ('__proto__').
      node = Object.hasOwn(node, part) ? node[part] : undefined;
    } else {
      return undefined;
    }
    if (node === undefined || node === null) return undefined;
  }
  return node;
}

function vec3(value: unknown): Vec3 | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  return value.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (value as Vec3) : undefined;
}

function vectors(value: unknown): Vec3[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Vec3[] = [];
  for (const item of value) {
    const v = vec3(item);
    if (!v) return undefined;
    out.push([v[0] / ANGSTROM, v[1] / ANGSTROM, v[2] / ANGSTROM]);
  }
  return out;
}

function lattice(value: unknown): Mat3 | null {
  const rows = vectors(value);
  return rows?.length === 3 ? (rows as Mat3) : null;
}

/** Chemical symbols from symbols, or from atomic numbers (NOMAD's Atoms.species). */
function symbols(labels: unknown, numbers: unknown): string[] | undefined {
  if (Array.isArray(labels) && labels.every((s) => typeof s === 'string')) {
    // Labels may carry a suffix ('Na1'); the element is the leading letters when they name one.
    return labels.map((label: string) => {
      const two = /^[A-Z][a-z]?/.exec(label)?.[0] ?? '';
      const one = two.slice(0, 1);
      if (atomicNumber(two) !== undefined) return two;
      return atomicNumber(one) !== undefined ? one : 'X';
    });
  }
  if (Array.isArray(numbers) && numbers.every((z) => Number.isInteger(z))) {
    return numbers.map((z: number) => ELEMENT_SYMBOLS[z] ?? 'X');
  }
  return undefined;
}

function periodicity(value: unknown, fallback: boolean): [boolean, boolean, boolean] {
  if (Array.isArray(value) && value.length === 3) {
    return value.map((p) => p === true || p === 1) as [boolean, boolean, boolean];
  }
  return [fallback, fallback, fallback];
}

/** Atoms of a section shaped like NOMAD's Atoms or like a results structure; undefined if neither. */
function atomsOfSection(section: Section): Atoms | undefined {
  const positions = vectors(section.positions ?? section.cartesian_site_positions);
  const species = symbols(section.labels ?? section.species_at_sites, section.species);
  if (!positions || !species || positions.length === 0 || species.length !== positions.length) {
    return undefined;
  }
  const cell = lattice(section.lattice_vectors);
  const periodic = periodicity(section.periodic ?? section.dimension_types, cell !== null);
  return { species, positions, lattice: cell, periodic: cell ? periodic : [false, false, false] };
}

/** The atoms of the system at `path`, following atoms_ref and a subsystem's parent. */
export function systemAtoms(archive: unknown, path: string, depth = 0): Atoms | AtomsFailure {
  let node = valueAt(archive, path);
  if (!isSection(node)) return 'missing';
  for (let hop = depth; hop < MAX_HOPS; hop++) {
    const own = atomsOfSection(node) ?? (isSection(node.atoms) ? atomsOfSection(node.atoms) : undefined);
    if (own) return own;
    if (typeof node.atoms_ref === 'string') {
      node = valueAt(archive, node.atoms_ref);
    } else if (typeof node.parent_system === 'string' && Array.isArray(node.indices)) {
      return subsystem(archive, node.parent_system, node.indices[0], hop);
    } else {
      return 'no-atoms';
    }
    if (!isSection(node)) return 'no-atoms';
  }
  return 'no-atoms';
}

/** The atoms of a group or subsystem: those of its parent at its (first instance's) indices. */
function subsystem(archive: unknown, parent: string, indices: unknown, hop: number): Atoms | AtomsFailure {
  if (!Array.isArray(indices)) return 'no-atoms';
  const whole = systemAtoms(archive, parent, hop + 1);
  if (typeof whole === 'string') return 'no-atoms';
  const picked: number[] = [];
  for (const i of indices) {
    if (!Number.isInteger(i) || i < 0 || i >= whole.species.length) return 'no-atoms';
    picked.push(i as number);
  }
  if (picked.length === 0) return 'no-atoms';
  return {
    species: picked.map((i) => whole.species[i]!),
    positions: picked.map((i) => whole.positions[i]!),
    lattice: whole.lattice,
    periodic: whole.periodic,
  };
}
