import type { SyntaxType } from './syntaxes.ts';

/** How each syntax is explained in the help dialog and labelled on a suggestion. */
export interface SyntaxHelp {
  title: string;
  /** Short label on the suggestion chip. */
  chip: string;
  text: string;
  examples: readonly string[];
}

export const SYNTAX_HELP: Record<SyntaxType, SyntaxHelp> = {
  equality: {
    title: 'Exact value',
    chip: 'equality',
    text:
      'A quantity name, an equals sign and a value find the entries in which the quantity has exactly ' +
      'that value. Choosing more values of the same quantity one after the other adds them to the filter.',
    examples: ['results.method.simulation.program_name = VASP', 'results.material.elements = Si'],
  },
  existence: {
    title: 'Any value',
    chip: 'existence',
    text:
      'A quantity or section name followed by "= *" finds the entries that have some value for it, ' +
      'whatever the value is.',
    examples: ['authors.name = *'],
  },
  range_half_bounded: {
    title: 'One limit',
    chip: 'range',
    text:
      'Compare a numeric or date quantity with a limit using <, <=, > or >=. The limit may stand on ' +
      'either side of the name. A value can carry a unit when the quantity has one (eV, Å, GPa, ...); ' +
      'a bare number is read in the unit the units menu shows for that quantity.',
    examples: [
      'results.material.n_elements > 2',
      '1e-3 eV >= results.properties.geometry_optimization.final_energy_difference',
    ],
  },
  range_bounded: {
    title: 'Between two limits',
    chip: 'range',
    text:
      'Put the quantity name between a lower and an upper limit; each limit is inclusive with <= and ' +
      'exclusive with <. Units work as for a single limit.',
    examples: [
      '2 <= results.material.n_elements <= 4',
      '0.5 eV <= results.properties.electronic.band_structure_electronic.band_gap.value <= 2 eV',
    ],
  },
  free_text: {
    title: 'Keywords',
    chip: 'free text',
    text:
      'Any other text searches the text associated with each entry; the results are then ordered by ' +
      'how well they match.',
    examples: ['perovskite solar cell'],
  },
};

export const NAME_CHIP = 'name';
