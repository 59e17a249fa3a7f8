// Files beside the mainfile (INFO.OUT or GW_INFO.OUT) read for what the mainfile does not print: a file
// too large, or one that does not read, is a warning naming it, never a failure of the entry.
import { siblingFile, siblingText } from '../sibling-files.ts';

/** The text of `name` beside the mainfile; undefined when it is not there or (after a warning) too large. */
export async function sideText(
  mainfile: string,
  rawRoot: string,
  name: string,
  maxBytes: number,
  warn: (event: string) => void,
): Promise<string | undefined> {
  const file = await siblingText(mainfile, rawRoot, name, maxBytes);
  if (!file) return undefined;
  if ('problem' in file) {
    warn(file.problem);
    return undefined;
  }
  return file.text;
}

/** What `read` makes of the file `name` beside the mainfile; `read` says what is wrong with a string. */
export async function readSideFile<T>(
  mainfile: string,
  rawRoot: string,
  name: string,
  maxBytes: number,
  read: (text: string) => T | string,
  warn: (event: string) => void,
): Promise<T | undefined> {
  const text = await sideText(mainfile, rawRoot, name, maxBytes, warn);
  if (text === undefined) return undefined;
  const value = read(text);
  if (typeof value !== 'string') return value;
  warn(value);
  return undefined;
}

/**
 * What `read` makes of the first of `names` beside the mainfile whose energies are placed by the run's
 * Fermi energy (DOS, band structures), with that energy; undefined when none is there or none reads.
 * No Fermi energy, a file too large or one that does not read is a warning.
 */
export async function readPlacedSideFile<T>(
  names: readonly string[],
  fermi: number | undefined,
  where: { mainfile: string; rawRoot: string; maxBytes: number },
  read: (text: string, name: string) => T | string,
  warn: (event: string) => void,
): Promise<{ value: T; fermi: number } | undefined> {
  for (const name of names) {
    if (!(await siblingFile(where.mainfile, where.rawRoot, name))) continue;
    if (fermi === undefined) {
      warn(`${name} not read: no Fermi energy to place its energies`);
      return undefined;
    }
    const text = await sideText(where.mainfile, where.rawRoot, name, where.maxBytes, warn);
    if (text === undefined) return undefined;
    const value = read(text, name);
    if (typeof value !== 'string') return { value, fermi };
    warn(value);
  }
  return undefined;
}
