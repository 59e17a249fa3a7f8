// 'parsers/lammps': LAMMPS logs, with the data file they read and the log they continue in.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { readHead, siblingFile } from '../sibling-files.ts';
import { lammpsArchive } from './archive.ts';
import { readLammpsDcd } from './read-dcd.ts';
import { readLammpsDump, readLammpsXyz, type DumpFrame } from './read-dump.ts';
import { readLammpsData, readLammpsLog, type LammpsLog } from './read-lammps.ts';

/** Files beside the log are read whole up to this size. */
const MAX_SIBLING_BYTES = 64 * 1024 ** 2;

/** A file the log names, when it lies beside it inside the upload (no paths into other folders). */
async function siblingBytes(
  absolutePath: string,
  rawRoot: string,
  name: string | undefined,
): Promise<Buffer | undefined> {
  const file = await siblingFile(absolutePath, rawRoot, name).catch(() => undefined);
  if (!file) return undefined;
  if (file.size > MAX_SIBLING_BYTES) throw new Error(`${name} is larger than ${MAX_SIBLING_BYTES} bytes`);
  return (await readHead(file, MAX_SIBLING_BYTES)).buffer;
}

const sibling = async (absolutePath: string, rawRoot: string, name: string | undefined) =>
  (await siblingBytes(absolutePath, rawRoot, name))?.toString('latin1');

/** Dump frames kept: a trajectory's systems go into the archive. */
const DUMP_LIMITS = { maxFrames: 1_000, maxAtoms: 2_000_000 };

type Log = (level: 'WARNING' | 'INFO', event: string) => void;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The frames of the dump the log names, beside it; a dump that cannot be read is a WARNING. */
async function readDump(
  absolutePath: string,
  rawRoot: string,
  read: LammpsLog,
  log: Log,
): Promise<DumpFrame[]> {
  const name = read.dumpFile;
  if (!name) return [];
  try {
    const bytes = await siblingBytes(absolutePath, rawRoot, name);
    if (bytes === undefined) {
      log('WARNING', `the dump ${name} is not beside the log: its positions are left out`);
      return [];
    }
    const dump =
      read.dumpStyle === 'dcd'
        ? readLammpsDcd(bytes, DUMP_LIMITS)
        : read.dumpStyle === 'xyz'
          ? readLammpsXyz(bytes.toString('latin1'), DUMP_LIMITS)
          : readLammpsDump(bytes.toString('latin1'), DUMP_LIMITS);
    if (dump.truncated)
      log(
        'WARNING',
        `the dump ${name} is read in part: at most ${DUMP_LIMITS.maxFrames} frames and ${DUMP_LIMITS.maxAtoms} atoms`,
      );
    return dump.frames;
  } catch (error) {
    log('WARNING', `the dump ${name} is not read: ${message(error)}`);
    return [];
  }
}

/** The log's name without 'log.' or '.log': LAMMPS inputs often name their data files after it. */
const stemOf = (path: string) => basename(path).replace(/^log\.|\.log$/i, '');

/**
 * The atoms and box: the read_data file, or, when the atoms came from read_restart or create_atoms (or
 * the command is not echoed), a data file the run wrote or one named after the log. Missing or
 * unreadable data is a WARNING: the dump frames or the thermo output still make the entry.
 */
async function readData(absolutePath: string, rawRoot: string, read: LammpsLog, log: Log) {
  const candidates = read.dataFile
    ? [read.dataFile]
    : [read.writeData, `data.${stemOf(absolutePath)}`, `${stemOf(absolutePath)}.data`];
  for (const name of candidates) {
    if (!name) continue;
    try {
      const text = await sibling(absolutePath, rawRoot, name);
      if (text === undefined) continue;
      const data = readLammpsData(text);
      if (!read.dataFile)
        log(
          'WARNING',
          `the log has no read_data (the atoms come from ${read.atomsFrom ?? 'commands it does not echo'}): they are taken from ${name}`,
        );
      return data;
    } catch (error) {
      log('WARNING', `the data file ${name} is not read: ${message(error)}`);
    }
  }
  if (read.dataFile)
    log('WARNING', `the data file ${read.dataFile} named by read_data is not beside the log`);
  else
    log(
      'WARNING',
      `the log has no read_data (the atoms come from ${read.atomsFrom ?? 'commands it does not echo'}) and no data file lies beside it`,
    );
  return undefined;
}

export const lammpsParser: MainfileParser = {
  name: 'parsers/lammps',
  code: {
    codeLabel: 'LAMMPS',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.lammps.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|log.\\* | **Mainfile**: the LAMMPS log |\n|data file | the atoms and box the log reads with read_data |\n|log file named by `log` | the log continued |\n|file of an atom, custom, xyz or dcd `dump` | positions along the run |',
  },
  mainfileName: /(?:^|\/)(?:log\.[^/]*|[^/]*\.log|log\.lammps)$/i,
  mainfileContents: /^LAMMPS \(/,
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const warn = (event: string) => log('WARNING', event);
    const read = readLammpsLog(content.toString('latin1'), undefined, { file: basename(absolutePath), warn });
    const continued = await sibling(absolutePath, rawRoot, read.continuedIn);
    if (continued !== undefined) {
      readLammpsLog(continued, read, { file: read.continuedIn, warn });
      log('INFO', `the log continues in ${read.continuedIn}`);
    }
    const data = await readData(absolutePath, rawRoot, read, log);
    const frames = await readDump(absolutePath, rawRoot, read, log);
    const archive = lammpsArchive(read, data, frames);
    if (archive.structure)
      return codeOutput({ ...archive, structure: archive.structure }, 'LAMMPS', 'simulation', log);
    // No atoms anywhere: the thermo output alone makes the entry.
    if (!archive.run.calculation) throw new Error('the log has neither atoms nor thermo output');
    for (const warning of archive.warnings) log('WARNING', warning);
    log('WARNING', 'no positions: the entry has the thermo output only');
    return {
      sections: { run: [archive.run], workflow2: archive.workflow2 },
      entryType: 'LAMMPS',
      entryName: 'LAMMPS simulation',
    };
  },
};
