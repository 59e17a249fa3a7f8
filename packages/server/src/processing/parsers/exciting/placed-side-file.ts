// Files beside INFO.OUT whose energies are placed by the run's Fermi energy (DOS, band structures): the
// first of several names that is there and reads is taken.
import { siblingFile, siblingText } from '../sibling-files.ts';

/**
 * What `read` makes of the first of `names` beside the mainfile, with the Fermi energy; undefined when
 * none is there or none reads. No Fermi energy, a file too large or one that does not read is a warning.
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
    const file = await siblingText(where.mainfile, where.rawRoot, name, where.maxBytes);
    if (!file) return undefined;
    if ('problem' in file) {
      warn(file.problem);
      return undefined;
    }
    const value = read(file.text, name);
    if (typeof value !== 'string') return { value, fermi };
    warn(value);
  }
  return undefined;
}
