import { enumeration, float, int, LIST, repeating, section, str, sub, SUGGESTED } from '../define.ts';
import { ELEMENT_SYMBOLS } from './elements.ts';

/** results.material: what the entry is made of and how it is arranged, normalised for search. */

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

export const symmetry = section('Symmetry', 'Symmetry of the conventional cell of the material.', [
  enumeration(
    'bravais_lattice',
    'Bravais lattice in Pearson notation (crystal family and centring).',
    BRAVAIS_LATTICES,
    SUGGESTED,
  ),
  enumeration('crystal_system', 'Crystal system.', CRYSTAL_SYSTEMS, SUGGESTED),
  int('hall_number', 'Hall number (1-530) identifying the space-group setting.', { search: true }),
  str('hall_symbol', 'Hall symbol of the space-group setting.', SUGGESTED),
  str('point_group', 'Point group in Hermann-Mauguin notation.', SUGGESTED),
  int('space_group_number', 'International space-group number (1-230).', { search: true }),
  str('space_group_symbol', 'International short symbol of the space group.', SUGGESTED),
  str('prototype_formula', 'Formula of the structure prototype.', { search: true }),
  str('prototype_aflow_id', 'AFLOW identifier of the structure prototype.', SUGGESTED),
  enumeration('structure_name', 'Common name of the structure type.', STRUCTURE_NAMES, SUGGESTED),
  str(
    'strukturbericht_designation',
    'Strukturbericht designation of the structure type, e.g. B1.',
    SUGGESTED,
  ),
]);

const elementalComposition = section('ElementalComposition', 'Share of one element in the material.', [
  // Unlike elements, NOMAD leaves the unknown species 'X' out here.
  enumeration('element', 'Chemical symbol of the element.', ELEMENT_SYMBOLS.slice(1), SUGGESTED),
  float('mass', 'Mass of one atom of the element.', { unit: 'kilogram' }),
  float('atomic_fraction', 'Fraction of the atoms that are of this element.', { search: true }),
  float('mass_fraction', 'Fraction of the mass contributed by this element.', { search: true }),
]);

export const material = section(
  'Material',
  'The material of the entry: composition, structural class and symmetry.',
  [
    str('material_id', 'Identifier shared by all entries of the same material.', { search: true }),
    str('material_name', 'Common name of the material.', SUGGESTED),
    enumeration('structural_type', 'Structural class of the material.', STRUCTURAL_TYPES, SUGGESTED),
    str('functional_type', 'Functional classes of the material, e.g. semiconductor.', {
      shape: ['0..*'],
      ...SUGGESTED,
    }),
    str('compound_type', 'Compound classes of the material, e.g. intermetallic.', {
      shape: ['0..*'],
      ...SUGGESTED,
    }),
    enumeration('elements', 'Chemical symbols of the elements present, sorted.', ELEMENT_SYMBOLS, {
      shape: ['0..*'],
      ...SUGGESTED,
    }),
    int('n_elements', 'Number of different elements.', { search: true }),
    str(
      'elements_exclusive',
      'The sorted element symbols joined by spaces, to find exactly these elements.',
      {
        search: true,
      },
    ),
    str('chemical_formula_descriptive', 'Formula as the author or code writes it.', SUGGESTED),
    str('chemical_formula_reduced', 'Formula with alphabetical elements and reduced counts.', SUGGESTED),
    str('chemical_formula_hill', 'Formula in Hill order (C, H, then alphabetical).', SUGGESTED),
    str('chemical_formula_iupac', 'Formula in IUPAC electronegativity order.', SUGGESTED),
    str(
      'chemical_formula_anonymous',
      'Formula with elements replaced by letters A, B, ... by count.',
      SUGGESTED,
    ),
    str('chemical_formula_reduced_fragments', 'Reduced formulas of the fragments of the material.', {
      shape: LIST,
      search: { aggregatable: false },
    }),
  ],
  [repeating('elemental_composition', elementalComposition), sub('symmetry', symmetry)],
);

export const materialSections = [material, symmetry, elementalComposition];
