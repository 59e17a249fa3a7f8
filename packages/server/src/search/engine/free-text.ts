import type { SearchBudget } from './budget.ts';
import { CodeSet } from './code-set.ts';
import type { Column, Scalar } from './column.ts';

export const FREE_TEXT = 'text_search_contents';

/** The entry quantities whose words free text finds, besides text_search_contents itself. */
export const FREE_TEXT_SOURCES: ReadonlySet<string> = new Set([
  FREE_TEXT,
  'entry_name',
  'mainfile',
  'comment',
  'entry_type',
  'results.material.chemical_formula_hill',
  'results.material.chemical_formula_reduced',
  'results.material.chemical_formula_descriptive',
  'results.material.material_name',
  'results.material.structural_type',
  'results.material.symmetry.structure_name',
  'results.method.method_name',
  'results.method.simulation.program_name',
]);

/** Lower-case words (letters and digits), so 'Si2O4 relax_run' is found by 'si2o4' or 'relax'. */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export const freeTextWords = (values: Iterable<Scalar>): string[] => {
  const words = new Set<string>();
  for (const value of values)
    if (typeof value === 'string') for (const word of wordsOf(value)) words.add(word);
  return [...words];
};

/** Dictionary codes searched between two looks at the budget: a few hundred kilobytes of text. */
const WALK_STEP = 1 << 14;

/**
 * The codes of the words column each word of the query matches (the words it begins), per word: the
 * dictionary's texts searched for each word (see ValueList.visitStartingWith).
 */
export const freeTextCodes = async (
  column: Column,
  text: string,
  budget: SearchBudget,
): Promise<CodeSet[]> => {
  const words = wordsOf(text);
  const { dictionary } = column;
  // Values added while this scan pauses are newer than the search; they are left out.
  const length = dictionary?.size ?? 0;
  const sets = words.map(() => new CodeSet(length));
  for (let from = 0; from < length; from += WALK_STEP) {
    if (budget.due()) await budget.pause();
    const to = Math.min(length, from + WALK_STEP);
    words.forEach((word, w) => dictionary!.visitStartingWith(word, from, to, (code) => sets[w]!.add(code)));
  }
  return sets;
};
