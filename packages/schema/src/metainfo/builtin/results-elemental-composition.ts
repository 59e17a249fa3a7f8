import { ELEMENT_SYMBOLS } from '@oasis/chem';
import { enumeration, float, section, SUGGESTED } from '../define.ts';

export const elementalComposition = section('ElementalComposition', 'Share of one element in the material.', [
  // Unlike elements, NOMAD leaves the unknown species 'X' out here.
  enumeration('element', 'Chemical symbol of the element.', ELEMENT_SYMBOLS.slice(1), SUGGESTED),
  float('mass', 'Mass of one atom of the element.', { unit: 'kilogram' }),
  float('atomic_fraction', 'Fraction of the atoms that are of this element.', { search: true }),
  float('mass_fraction', 'Fraction of the mass contributed by this element.', { search: true }),
]);
