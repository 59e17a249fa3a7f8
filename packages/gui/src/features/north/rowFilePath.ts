import { compilePath, evaluatePath, PathError } from '../../core/jmespath.ts';

/** A north row action's `filepath` in a result row: one path, none, or why the configuration fails. */
export function rowFilePath(
  row: Readonly<Record<string, unknown>>,
  filepath: string | undefined,
): { path?: string; error?: string } {
  if (!filepath) return {};
  let value: unknown;
  try {
    value = evaluatePath(row, compilePath(filepath));
  } catch (error) {
    if (error instanceof PathError) return { error: error.message };
    throw error;
  }
  // Spec 2 §5: a file path that gives a list is an error.
  if (Array.isArray(value)) return { error: `The file path "${filepath}" returned more than one item.` };
  return typeof value === 'string' && value !== '' ? { path: value } : {};
}
