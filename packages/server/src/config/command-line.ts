/**
 * Splits a configured command line into words the way a shell would for plain words and quotes ('…' and
 * "…", no variables or escapes), so a tool is started without a shell: filled-in placeholders can never be
 * read as shell syntax.
 */
export const splitCommandLine = (line: string): string[] => {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote) throw new Error(`Unbalanced ${quote} in the command line: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
};

/** The command's words with `{port}`, `{base_url}`, `{upload_dir}` and `{token}` filled in. */
export const fillPlaceholders = (
  argv: readonly string[],
  values: Record<'port' | 'base_url' | 'upload_dir' | 'token', string>,
) =>
  argv.map((word) =>
    word.replace(/\{(port|base_url|upload_dir|token)\}/g, (_match, key: keyof typeof values) => values[key]),
  );

/** Whether the command hands the tool the instance's token (then the proxy sends it with every request). */
export const usesToken = (argv: readonly string[]): boolean => argv.some((word) => word.includes('{token}'));
