// Atomic structure in SI units, the common currency between parsers and normalizers.
import type { Mat3, Vec3 } from '@oasis/chem';

export interface Structure {
  /** Chemical symbol per site ('X' when unknown). */
  species: string[];
  /** Cartesian positions per site, in m. */
  positions: Vec3[];
  /** Lattice vectors as rows (a, b, c), in m, or null for non-periodic systems. */
  lattice: Mat3 | null;
  /** Periodicity along a, b, c. */
  periodic: [boolean, boolean, boolean];
  /** Site occupancies when the source gives them (disordered structures); 1 otherwise. */
  occupancies?: number[];
  /** Original site labels when the source has them (e.g. CIF '_atom_site_label'). */
  labels?: string[];
}
