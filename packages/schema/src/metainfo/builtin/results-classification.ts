import { ELEMENT_SYMBOLS } from '@oasis/chem';
import { enumeration, int, LIST, str, SUGGESTED } from '../define.ts';
import { BUILDING_BLOCKS, DIMENSIONALITIES } from './results-material-values.ts';

/**
 * What results.material and each of its topology systems say about themselves alike: identity,
 * structural class, elements and formulas. Only the structural classes differ between the two.
 */
export const classificationQuantities = <const T extends readonly string[]>(structuralTypes: T) => [
  str('material_id', 'Identifier shared by all entries of the same material.', { search: true }),
  str('material_name', 'Common name of the material.', SUGGESTED),
  enumeration('structural_type', 'Structural class.', structuralTypes, SUGGESTED),
  enumeration('dimensionality', 'Number of periodic dimensions, as 0D to 3D.', DIMENSIONALITIES, SUGGESTED),
  enumeration(
    'building_block',
    'Kind of building block, for low-dimensional structures.',
    BUILDING_BLOCKS,
    SUGGESTED,
  ),
  str('functional_type', 'Functional classes, e.g. semiconductor.', { shape: ['0..*'], ...SUGGESTED }),
  str('compound_type', 'Compound classes, e.g. intermetallic.', { shape: ['0..*'], ...SUGGESTED }),
  enumeration('elements', 'Chemical symbols of the elements present, sorted.', ELEMENT_SYMBOLS, {
    shape: ['0..*'],
    ...SUGGESTED,
  }),
  int('n_elements', 'Number of different elements.', { search: true }),
  str('elements_exclusive', 'The sorted element symbols joined by spaces, to find exactly these elements.', {
    search: true,
  }),
  str('chemical_formula_descriptive', 'Formula as the author or code writes it.', SUGGESTED),
  str('chemical_formula_reduced', 'Formula with alphabetical elements and reduced counts.', SUGGESTED),
  str('chemical_formula_hill', 'Formula in Hill order (C, H, then alphabetical).', SUGGESTED),
  str('chemical_formula_iupac', 'Formula in IUPAC electronegativity order.', SUGGESTED),
  str(
    'chemical_formula_anonymous',
    'Formula with elements replaced by letters A, B, ... by count.',
    SUGGESTED,
  ),
  str('chemical_formula_reduced_fragments', 'Reduced formulas of the disconnected fragments.', {
    shape: LIST,
    search: { aggregatable: false },
  }),
];
