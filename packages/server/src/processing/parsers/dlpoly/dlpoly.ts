// 'parsers/dlpoly': DL_POLY's OUTPUT, with the FIELD (force field), CONFIG (initial configuration),
// HISTORY (trajectory) and CONTROL (title) files beside it.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { simulationOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { dlpolyArchive, type DlpolyInputs } from './archive.ts';
import { readDlpolyConfig, readDlpolyHistory } from './read-config.ts';
import { readDlpolyField } from './read-field.ts';
import { readDlpolyOutput } from './read-output.ts';

/** Files beside the OUTPUT are read whole up to this size. */
const MAX_SIBLING_BYTES = 64 * 1024 ** 2;
/** HISTORY frames kept as systems. */
const MAX_FRAMES = 1000;

type Log = (level: 'WARNING' | 'INFO', event: string) => void;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A sibling read by `read`; missing, too large or unreadable is a WARNING and undefined. */
async function readSibling<T>(
  absolutePath: string,
  rawRoot: string,
  name: string,
  read: (text: string) => T,
  log: Log,
  missing?: string,
): Promise<T | undefined> {
  const found = await siblingText(absolutePath, rawRoot, name, MAX_SIBLING_BYTES).catch((error: unknown) => ({
    name,
    problem: `${name} is not read: ${message(error)}`,
  }));
  if (!found) {
    if (missing) log('WARNING', `no ${name} beside the OUTPUT: ${missing}`);
    return undefined;
  }
  if ('problem' in found) {
    log('WARNING', found.problem);
    return undefined;
  }
  try {
    return read(found.text);
  } catch (error) {
    log('WARNING', `${name} is not read: ${message(error)}`);
    return undefined;
  }
}

export const dlpolyParser: MainfileParser = {
  name: 'parsers/dlpoly',
  code: {
    codeLabel: 'DL_POLY',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.scd.stfc.ac.uk/Pages/DL_POLY.aspx',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|OUTPUT | **Mainfile**: the DL_POLY output |\n|FIELD | the force field: molecule types, bonded and non-bonded potentials |\n|CONFIG | the initial configuration |\n|HISTORY | the trajectory |\n|CONTROL | the simulation title |',
  },
  mainfileName: /(?:^|\/)OUTPUT[^/]*$/,
  // The banner of DL_POLY 4 ('**  DL_POLY  **') and the title box of DL_POLY 2.
  mainfileContents: /\*\*\s+DL_POLY.+\*\*/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const output = readDlpolyOutput(content.toString('latin1'), basename(absolutePath));
    const inputs: DlpolyInputs = {
      field: await readSibling(
        absolutePath,
        rawRoot,
        'FIELD',
        (text) => readDlpolyField(text, 'FIELD'),
        log,
        'no force field',
      ),
      config: await readSibling(
        absolutePath,
        rawRoot,
        'CONFIG',
        (text) => readDlpolyConfig(text, 'CONFIG'),
        log,
        'no initial configuration',
      ),
      history:
        (await readSibling(
          absolutePath,
          rawRoot,
          'HISTORY',
          (text) => readDlpolyHistory(text, 'HISTORY', MAX_FRAMES),
          log,
        )) ?? [],
      title: await readSibling(
        absolutePath,
        rawRoot,
        'CONTROL',
        (text) => text.split(/\r?\n/, 1)[0]!.trim() || undefined,
        log,
      ),
    };
    if (inputs.history.length >= MAX_FRAMES)
      log('WARNING', `HISTORY is read in part: its first ${MAX_FRAMES} frames`);
    const archive = dlpolyArchive(output, inputs);
    // Without the coordinates beside it, the printed energies alone make the entry.
    return simulationOutput(
      archive,
      'DL_POLY',
      log,
      'the OUTPUT has no statistics and no CONFIG lies beside it',
    );
  },
};
