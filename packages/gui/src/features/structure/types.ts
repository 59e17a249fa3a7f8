/** Lengths in Å, lattice vectors as rows. */
export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

/** A structure as the viewer draws it. */
export interface ViewerStructure {
  species: string[];
  positions: Vec3[];
  lattice: Mat3 | null;
  periodic: [boolean, boolean, boolean];
}

export type WrapMode = 'original' | 'wrap' | 'unwrap';
