// The representative structure of an archive file: the last system of its first run, as NOMAD's
// normalisers take it, so that an archive written by a tool gets results.material like a parsed run.
import type { Mat3, Vec3 } from '@oasis/chem';
import type { Structure } from '../structure.ts';
import { isObject, type JsonObject } from './archive-schema.ts';

/** Systems larger than this are left to their own results (symmetry analysis costs grow with atoms). */
const MAX_ATOMS = 10_000;

const vec3 = (value: unknown): Vec3 | undefined =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every((c) => typeof c === 'number' && Number.isFinite(c))
    ? (value as Vec3)
    : undefined;

/**
 * The structure of run[0].system[-1].atoms (labels, positions and lattice vectors in m, periodicity),
 * or undefined when the archive has none or it is malformed: an archive file may hold anything.
 */
export function archiveStructure(sections: JsonObject): Structure | undefined {
  const run = Array.isArray(sections.run) ? sections.run[0] : undefined;
  const systems = isObject(run) && Array.isArray(run.system) ? run.system : [];
  const system = systems.at(-1);
  const atoms = isObject(system) ? system.atoms : undefined;
  if (!isObject(atoms) || !Array.isArray(atoms.labels) || !Array.isArray(atoms.positions)) return undefined;
  const { labels } = atoms;
  if (labels.length === 0 || labels.length > MAX_ATOMS || labels.length !== atoms.positions.length)
    return undefined;
  if (!labels.every((label): label is string => typeof label === 'string')) return undefined;
  const positions = atoms.positions.map(vec3);
  if (!positions.every((p): p is Vec3 => p !== undefined)) return undefined;
  const rows = Array.isArray(atoms.lattice_vectors) ? atoms.lattice_vectors.map(vec3) : undefined;
  const lattice = rows?.length === 3 && rows.every((r) => r !== undefined) ? (rows as Mat3) : null;
  const periodic =
    Array.isArray(atoms.periodic) &&
    atoms.periodic.length === 3 &&
    atoms.periodic.every((p) => typeof p === 'boolean')
      ? (atoms.periodic as [boolean, boolean, boolean])
      : ([lattice !== null, lattice !== null, lattice !== null] as [boolean, boolean, boolean]);
  return { species: labels, positions, lattice: periodic.some(Boolean) ? lattice : null, periodic };
}
