// 'parsers/lammps': LAMMPS logs, with the data file they read and the log they continue in.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { lammpsArchive } from './archive.ts';
import { readLammpsData, readLammpsLog } from './read-lammps.ts';

/** Files beside the log are read whole up to this size. */
const MAX_SIBLING_BYTES = 64 * 1024 ** 2;

/** A file the log names, when it lies beside it inside the upload (no paths into other folders). */
async function sibling(
  absolutePath: string,
  rawRoot: string,
  name: string | undefined,
): Promise<string | undefined> {
  if (!name || name.includes('/')) return undefined;
  const path = realPathInside(join(dirname(absolutePath), name), rawRoot);
  if (!path) return undefined;
  const info = await stat(path);
  if (!info.isFile()) return undefined;
  if (info.size > MAX_SIBLING_BYTES) throw new Error(`${name} is larger than ${MAX_SIBLING_BYTES} bytes`);
  return readFile(path, 'latin1');
}

export const lammpsParser: MainfileParser = {
  name: 'parsers/lammps',
  code: {
    codeLabel: 'LAMMPS',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.lammps.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|log.\\* | **Mainfile**: the LAMMPS log |\n|data file | the atoms and box the log reads with read_data |\n|log file named by `log` | the log continued |',
  },
  mainfileName: /(?:^|\/)(?:log\.[^/]*|[^/]*\.log|log\.lammps)$/i,
  mainfileContents: /^LAMMPS \(/,
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const read = readLammpsLog(content.toString('latin1'));
    const continued = await sibling(absolutePath, rawRoot, read.continuedIn);
    if (continued !== undefined) {
      readLammpsLog(continued, read);
      log('INFO', `the log continues in ${read.continuedIn}`);
    }
    const dataText = await sibling(absolutePath, rawRoot, read.dataFile);
    const archive = lammpsArchive(read, dataText === undefined ? undefined : readLammpsData(dataText));
    return codeOutput(archive, 'LAMMPS', 'simulation', log);
  },
};
