// The engine's entry point: a text output read by a declaration, with the warnings its conversions
// raised, each naming file and line.
import { type Declaration, type Parsed, readDeclaration } from './rules.ts';
import { textSource } from './source.ts';

export interface ReadText<D extends Declaration> {
  values: Parsed<D>;
  /** 'pw.out line 214: ...': what was found but could not be read, for the entry's WARNING logs. */
  warnings: string[];
  /** How many lines the file has (for 'the file ends at line N'). */
  lines: number;
}

/** At most this many warnings are kept: a broken file must not flood the entry's logs. */
const MAX_WARNINGS = 20;

export function readText<D extends Declaration>(declaration: D, content: string, file: string): ReadText<D> {
  const source = textSource(file, content);
  const warnings: string[] = [];
  let dropped = 0;
  const warn = (line: number, message: string) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(`${file} line ${line + 1}: ${message}`);
    else dropped += 1;
  };
  const values = readDeclaration(declaration, { source, from: 0, to: source.lines.length, warn });
  if (dropped > 0) warnings.push(`${file}: ${dropped} more lines could not be read`);
  return { values, warnings, lines: source.lines.length };
}
