// 'parsers/lammps': LAMMPS logs, with the data file they read and the log they continue in.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { lammpsArchive } from './archive.ts';
import { readLammpsDump, type DumpFrame } from './read-dump.ts';
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

/** Dump frames kept: a trajectory's systems go into the archive. */
const DUMP_LIMITS = { maxFrames: 1_000, maxAtoms: 2_000_000 };

/** The frames of the dump the log names, beside it; a dump that cannot be read is a WARNING. */
async function readDump(
  absolutePath: string,
  rawRoot: string,
  name: string | undefined,
  log: (level: 'WARNING' | 'INFO', event: string) => void,
): Promise<DumpFrame[] | undefined> {
  try {
    const text = await sibling(absolutePath, rawRoot, name);
    if (text === undefined) return undefined;
    const dump = readLammpsDump(text, DUMP_LIMITS);
    if (dump.truncated)
      log(
        'WARNING',
        `the dump ${name} is read in part: at most ${DUMP_LIMITS.maxFrames} frames and ${DUMP_LIMITS.maxAtoms} atoms`,
      );
    return dump.frames;
  } catch (error) {
    log('WARNING', `the dump ${name} is not read: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export const lammpsParser: MainfileParser = {
  name: 'parsers/lammps',
  code: {
    codeLabel: 'LAMMPS',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.lammps.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|log.\\* | **Mainfile**: the LAMMPS log |\n|data file | the atoms and box the log reads with read_data |\n|log file named by `log` | the log continued |\n|file of an atom or custom `dump` | positions along the run |',
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
    const dump = await readDump(absolutePath, rawRoot, read.dumpFile, log);
    const archive = lammpsArchive(read, dataText === undefined ? undefined : readLammpsData(dataText), dump);
    return codeOutput(archive, 'LAMMPS', 'simulation', log);
  },
};
