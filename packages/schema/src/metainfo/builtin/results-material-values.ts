/** Value lists of results.material enumerations, shared by the material and its topology. */

export const STRUCTURAL_TYPES = [
  'not processed',
  'unavailable',
  'bulk',
  'surface',
  '2D',
  '1D',
  'molecule / cluster',
  'atom',
] as const;

export const CRYSTAL_SYSTEMS = [
  'triclinic',
  'monoclinic',
  'orthorhombic',
  'tetragonal',
  'trigonal',
  'hexagonal',
  'cubic',
] as const;

/** Pearson notation: crystal family letter and centring letter. */
export const BRAVAIS_LATTICES = [
  'aP',
  'mP',
  'mS',
  'oP',
  'oS',
  'oI',
  'oF',
  'tP',
  'tI',
  'hR',
  'hP',
  'cP',
  'cI',
  'cF',
] as const;

export const STRUCTURE_NAMES = [
  '4-member ring',
  'Heusler',
  'bcc',
  'bct',
  'bct5',
  'clathrate',
  'cuprite',
  'diamond',
  'fcc',
  'fct',
  'half-Heusler',
  'hcp',
  'perovskite',
  'rock salt',
  'rutile',
  'simple cubic',
  'wurtzite',
  'zincblende',
] as const;

/** Structural classes of topology systems: those of materials plus the parts a system may be. */
export const SYSTEM_STRUCTURAL_TYPES = [
  ...STRUCTURAL_TYPES,
  'active orbitals',
  'group',
  'molecule',
  'monomer',
] as const;

export const DIMENSIONALITIES = ['0D', '1D', '2D', '3D'] as const;

export const BUILDING_BLOCKS = ['surface', '2D material', 'molecule', 'monomer'] as const;
