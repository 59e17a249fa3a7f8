import type { SearchBudget } from './budget.ts';
import { codesWhere, type CodeSet } from './code-set.ts';
import type { Column, Scalar } from './column.ts';
import { startsWith } from './value-list.ts';

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

/** The codes of the words column each word of the query matches (the words it begins), per word. */
export const freeTextCodes = async (
  column: Column,
  text: string,
  budget: SearchBudget,
): Promise<CodeSet[]> => {
  const perWord: CodeSet[] = [];
  for (const word of wordsOf(text)) perWord.push(await codesWhere(column, startsWith(word), budget));
  return perWord;
};
