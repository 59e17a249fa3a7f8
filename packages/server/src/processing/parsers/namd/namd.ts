// 'parsers/namd': NAMD logs, with the configuration file, the coordinate PDB, the PSF, the DCD trajectory
// and the final binary coordinates (with their extended-system cell) beside them.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { simulationOutput } from '../code-sections.ts';
import { readHead, siblingFile } from '../sibling-files.ts';
import { readLammpsDcd } from '../lammps/read-dcd.ts';
import { namdArchive, type NamdFrame } from './archive.ts';
import { elementsOf, readNamdBinary, readNamdConfig, readPdb, readPsf, readXsc } from './read-inputs.ts';
import { readNamdLog, type NamdLog } from './read-log.ts';

/** Files beside the log are read whole up to this size. */
const MAX_SIBLING_BYTES = 64 * 1024 ** 2;
/** DCD frames kept as systems. */
const DCD_LIMITS = { maxFrames: 1_000, maxAtoms: 20_000_000 };

type Log = (level: 'WARNING' | 'INFO', event: string) => void;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A file the log names, looked for beside the log by its base name (NAMD runs often change directory or
 * write to absolute paths); what cannot be read is a WARNING and undefined.
 */
async function readSibling<T>(
  absolutePath: string,
  rawRoot: string,
  path: string | undefined,
  read: (bytes: Buffer, name: string) => T,
  log: Log,
  missing?: string,
): Promise<T | undefined> {
  if (!path) return undefined;
  const name = basename(path);
  try {
    const file = await siblingFile(absolutePath, rawRoot, name);
    if (!file) {
      if (missing) log('WARNING', `${name} is not beside the log: ${missing}`);
      return undefined;
    }
    if (file.size > MAX_SIBLING_BYTES) {
      log('WARNING', `${name} is larger than ${MAX_SIBLING_BYTES / 1024 ** 2} MB: not read`);
      return undefined;
    }
    return read((await readHead(file, MAX_SIBLING_BYTES)).buffer, name);
  } catch (error) {
    log('WARNING', `${name} is not read: ${message(error)}`);
    return undefined;
  }
}

/** The geometries: the input PDB, the DCD frames, the final binary coordinates with the .xsc cell. */
async function framesOf(absolutePath: string, rawRoot: string, read: NamdLog, log: Log) {
  const text = (bytes: Buffer) => bytes.toString('latin1');
  const pdb = await readSibling(
    absolutePath,
    rawRoot,
    read.files.coordinates,
    (bytes, name) => readPdb(text(bytes), name),
    log,
    'no initial positions',
  );
  const psf = await readSibling(
    absolutePath,
    rawRoot,
    read.files.structure,
    (bytes, name) => readPsf(text(bytes), name),
    log,
  );
  const frames: NamdFrame[] = pdb ? [{ step: 0, positions: pdb.atoms.map((atom) => atom.position) }] : [];
  const dcd = await readSibling(
    absolutePath,
    rawRoot,
    read.files.dcd,
    (bytes) => readLammpsDcd(bytes, DCD_LIMITS),
    log,
  );
  if (dcd?.truncated)
    log('WARNING', `the DCD trajectory is read in part: at most ${DCD_LIMITS.maxFrames} frames`);
  for (const frame of dcd?.frames ?? [])
    frames.push({
      step: frame.step,
      positions: frame.atoms.map((atom) => atom.position),
      ...(frame.box ? { cell: frame.box } : {}),
    });
  const finalStep = read.coordinatesWritten.at(-1);
  if (finalStep !== undefined && read.files.output && !frames.some((frame) => frame.step === finalStep)) {
    const positions = await readSibling(
      absolutePath,
      rawRoot,
      `${read.files.output}.coor`,
      (bytes, name) => readNamdBinary(bytes, name),
      log,
    );
    const cell = await readSibling(
      absolutePath,
      rawRoot,
      `${read.files.output}.xsc`,
      (bytes) => readXsc(text(bytes)),
      log,
    );
    if (positions) frames.push({ step: finalStep, positions, ...(cell ? { cell } : {}) });
  }
  const labels = pdb ? elementsOf(pdb.atoms, psf && psf.length === pdb.atoms.length ? psf : undefined) : [];
  if (!pdb && psf)
    labels.push(...psf.map((atom) => elementsOf([{ name: atom.name, position: [0, 0, 0] }], [atom])[0]!));
  return { frames, labels };
}

export const namdParser: MainfileParser = {
  name: 'parsers/namd',
  code: {
    codeLabel: 'NAMD',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.ks.uiuc.edu/Research/namd/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.log | **Mainfile**: the NAMD log |\n|configuration file | the input keywords |\n|coordinate PDB | the initial positions |\n|PSF | atom names and masses (elements) |\n|DCD | the trajectory |\n|\\<outputname\\>.coor, .xsc | the final positions and cell |',
  },
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /^Info: NAMD \S+ for /m,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const read = readNamdLog(content.toString('latin1'), basename(absolutePath));
    const config = await readSibling(
      absolutePath,
      rawRoot,
      read.configFile,
      (bytes) => readNamdConfig(bytes.toString('latin1')),
      log,
      'its input keywords are left out',
    );
    const { frames, labels } = await framesOf(absolutePath, rawRoot, read, log);
    const archive = namdArchive(read, { ...(config ? { config } : {}), labels, frames });
    // Without the coordinates beside it, the printed energies alone make the entry.
    return simulationOutput(
      archive,
      'NAMD',
      log,
      'the log has no ENERGY lines and its coordinates are not beside it',
    );
  },
};
