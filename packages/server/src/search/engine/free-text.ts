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

/**
 * A free-text query over the words column: each query word matches words it begins; an entry matches
 * when any query word does, and scores one per query word it matches (the `_score` order).
 */
export const freeTextMatcher = async (column: Column, text: string, budget: SearchBudget) => {
  const perWord = await freeTextCodes(column, text, budget);
  const score = (slot: number): number => {
    let hits = 0;
    for (const codes of perWord) if (column.some(slot, (code) => codes.has(code))) hits++;
    return hits;
  };
  // Filtering needs one hit, not the score: no per-row array, and it stops at the first matching word.
  const test = (slot: number): boolean =>
    column.some(slot, (code) => perWord.some((codes) => codes.has(code)));
  return { score, test };
};
