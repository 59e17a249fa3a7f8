import { enumeration, int, repeating, section, str, sub, SUGGESTED } from '../define.ts';
import { classificationQuantities } from './results-classification.ts';
import { elementalComposition } from './results-elemental-composition.ts';
import {
  BRAVAIS_LATTICES,
  CRYSTAL_SYSTEMS,
  STRUCTURAL_TYPES,
  STRUCTURE_NAMES,
} from './results-material-values.ts';
import { topologySections, topologySystem } from './results-topology.ts';

/** results.material: what the entry is made of and how it is arranged, normalised for search. */

const symmetry = section('Symmetry', 'Symmetry of the conventional cell of the material.', [
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

export const material = section(
  'Material',
  'The material of the entry: composition, structural class, symmetry and topology.',
  classificationQuantities(STRUCTURAL_TYPES),
  [
    repeating('elemental_composition', elementalComposition),
    sub('symmetry', symmetry),
    repeating('topology', topologySystem),
  ],
);

export const materialSections = [material, symmetry, elementalComposition, ...topologySections];
