import { CHECK_EVERY, type SearchBudget } from './budget.ts';
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

/**
 * The codes of the words column each word of the query matches (the words it begins), per word: one walk
 * over the dictionary for all of them.
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
  let code = 0;
  const mark = (chunk: string, from: number, to: number) => {
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      if (to - from >= word.length && chunk.startsWith(word, from)) sets[w]!.add(code);
    }
    return false;
  };
  for (; code < length; code++) {
    if ((code & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    dictionary!.passes(code, mark);
  }
  return sets;
};
