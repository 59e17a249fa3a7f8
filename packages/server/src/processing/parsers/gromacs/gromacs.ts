// 'parsers/gromacs': GROMACS mdrun logs with the energy file, trajectory, structure and topology beside
// them, found by the names the command line gives, the log's own name, GROMACS' default names, or as
// the only file of their kind in the folder.
import { basename, extname } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { readHead, siblingFile, siblingNames, type SiblingFile } from '../sibling-files.ts';
import { gromacsArchive } from './archive.ts';
import { readEdr } from './read-edr.ts';
import { readGro } from './read-gro.ts';
import { commandLineFiles, readGromacsLog } from './read-log.ts';
import { readTrr, type TrrFrame } from './read-trr.ts';
import { readXtc } from './read-xtc.ts';
import { freeEnergySections, freeEnergyType, readDhdl, readMdp } from './free-energy.ts';
import { atomsOfMoleculeType } from './molecules.ts';
import type { GroStructure } from './read-gro.ts';
import type { GromacsLog } from './read-log.ts';
import { readTopology, type Topology } from './topology.ts';

/** Binary files are read up to this many bytes (their frames beyond it are left out, with a warning). */
const MAX_BINARY_BYTES = 64 * 1024 ** 2;
const MAX_TEXT_BYTES = 16 * 1024 ** 2;
const MAX_ENERGY_FRAMES = 20_000;
const TRAJECTORY_LIMITS = { maxFrames: 1_000, maxAtoms: 2_000_000 };
const MAX_ATOMS = 1_000_000;

/** GROMACS' default names of mdrun's files. */
const DEFAULTS: Readonly<Record<string, string[]>> = {
  trr: ['traj.trr'],
  xtc: ['traj_comp.xtc'],
  edr: ['ener.edr'],
  gro: ['confout.gro', 'conf.gro'],
  top: ['topol.top'],
};

type Log = (level: 'WARNING' | 'INFO', event: string) => void;

/** The first of the candidate names that is a file beside the log. */
async function firstFile(
  mainfile: string,
  rawRoot: string,
  candidates: readonly string[],
): Promise<SiblingFile | undefined> {
  for (const name of candidates) {
    const file = await siblingFile(mainfile, rawRoot, name);
    if (file) return file;
  }
  return undefined;
}

/** The first of the candidate names that is a file beside the log, else the only file of that extension. */
async function findFile(
  mainfile: string,
  rawRoot: string,
  candidates: string[],
  extension: string,
  names: () => Promise<string[]>,
): Promise<SiblingFile | undefined> {
  const file = await firstFile(mainfile, rawRoot, candidates);
  if (file) return file;
  const ofKind = (await names()).filter((name) => extname(name) === `.${extension}`);
  return ofKind.length === 1 ? siblingFile(mainfile, rawRoot, ofKind[0]) : undefined;
}

/** A binary file's content by its reader; a file that cannot be read is a warning, not a failed entry. */
async function readBinary<T>(
  file: SiblingFile | undefined,
  log: Log,
  read: (buffer: Buffer, partial: boolean, name: string) => T & { truncated: boolean },
): Promise<T | undefined> {
  if (!file) return undefined;
  try {
    const { buffer, partial } = await readHead(file, MAX_BINARY_BYTES);
    const result = read(buffer, partial, file.name);
    if (result.truncated) log('WARNING', `${file.name} is read in part: its first frames only`);
    log('INFO', `read ${file.name}`);
    return result;
  } catch (error) {
    log('WARNING', `${file.name} is not read: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function readText(file: SiblingFile | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  if (file.size > MAX_TEXT_BYTES) throw new Error(`${file.name} is larger than ${MAX_TEXT_BYTES} bytes`);
  return (await readHead(file, MAX_TEXT_BYTES)).buffer.toString('latin1');
}

/**
 * The frames of the run: the full-precision trajectory's, or the compressed one's positions when it
 * saved more of them (it usually does), with the forces only the full-precision one has.
 */
function framesOf(full: TrrFrame[] = [], compressed: TrrFrame[] = []): TrrFrame[] {
  const positioned = (frames: TrrFrame[]) => frames.filter((frame) => frame.positions).length;
  if (positioned(compressed) <= positioned(full)) return full;
  return [
    ...compressed,
    ...full.filter((frame) => frame.forces || frame.velocities).map(({ positions: _, ...frame }) => frame),
  ];
}

/** The force field a topology includes ('#include "oplsaa.ff/forcefield.itp"' names 'oplsaa'). */
const forceFieldOf = (topology: string | undefined): string | undefined =>
  topology === undefined ? undefined : /^#include\s+"([^"/]+)\.ff\//m.exec(topology)?.[1];

/**
 * The free-energy sections of a run that computes one: couple-* from the grompp output beside the log
 * (mdout.mdp), dH/dλ and ΔH from the .xvg mdrun wrote (-dhdl, the -deffnm name, dhdl.xvg).
 */
async function readFreeEnergy(
  read: GromacsLog,
  gro: GroStructure | undefined,
  topology: Topology | undefined,
  dhdlName: string | undefined,
  { file, log }: { file: (names: string[]) => Promise<SiblingFile | undefined>; log: Log },
) {
  if (!freeEnergyType(read)) return undefined;
  try {
    const mdpFile = await file(['mdout.mdp', 'grompp.mdp']);
    const mdp = mdpFile ? readMdp((await readText(mdpFile))!) : undefined;
    const moleculeType = mdp?.get('couple-moltype');
    const coupled = gro && moleculeType ? atomsOfMoleculeType(gro.atoms, moleculeType, topology) : undefined;
    const dhdlFile = await file([...(dhdlName ? [dhdlName] : []), 'dhdl.xvg']);
    const dhdl = dhdlFile ? readDhdl((await readText(dhdlFile))!) : undefined;
    if (!dhdl) log('WARNING', 'a free-energy run without its dH/dλ file (dhdl.xvg) beside the log');
    return freeEnergySections(read, mdp, coupled, dhdl);
  } catch (error) {
    log(
      'WARNING',
      `the free-energy files are not read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return freeEnergySections(read, undefined, undefined, undefined);
  }
}

export const gromacsParser: MainfileParser = {
  name: 'parsers/gromacs',
  code: {
    codeLabel: 'GROMACS',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.gromacs.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.log | **Mainfile**: the mdrun log |\n|\\*.edr | energies of every saved step |\n|\\*.trr | positions, forces and box of the saved frames |\n|\\*.xtc | compressed positions of the saved frames |\n|\\*.gro | atom names and the final structure |\n|\\*.top | the force field the topology includes |',
  },
  mainfileName: /\.log$/,
  mainfileContents: /GROMACS - gmx mdrun|G\s+R\s+O\s+M\s+A\s+C\s+S|GROMACS:\s+(?:gmx )?mdrun/,
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const read = readGromacsLog(content.toString('latin1'), basename(absolutePath));
    read.warnings.forEach((warning) => log('WARNING', warning));
    const named = commandLineFiles(read.commandLine);
    const stem = basename(absolutePath, '.log');
    let listing: Promise<string[]> | undefined;
    const names = () => (listing ??= siblingNames(absolutePath));
    // A trajectory or energy file the command line names (also through -deffnm) is the only candidate:
    // another run's beside it is not this run's. Atom names and the force field may come from any.
    const find = (kind: 'trr' | 'xtc' | 'edr' | 'gro' | 'top', fromCommandLine?: string) =>
      fromCommandLine && kind !== 'gro'
        ? siblingFile(absolutePath, rawRoot, fromCommandLine)
        : findFile(
            absolutePath,
            rawRoot,
            [...(fromCommandLine ? [fromCommandLine] : []), `${stem}.${kind}`, ...DEFAULTS[kind]!],
            kind,
            names,
          );
    const energies = await readBinary(await find('edr', named.edr), log, (buffer, partial, name) =>
      readEdr(buffer, name, MAX_ENERGY_FRAMES, partial),
    );
    const trajectory = await readBinary(await find('trr', named.trr), log, (buffer, partial, name) =>
      readTrr(buffer, name, TRAJECTORY_LIMITS, partial),
    );
    const compressed = await readBinary(await find('xtc', named.xtc), log, (buffer, partial, name) =>
      readXtc(buffer, name, TRAJECTORY_LIMITS, partial),
    );
    const groFile = await find('gro', named.gro);
    const groText = await readText(groFile);
    const gro = groText === undefined ? undefined : readGro(groText, groFile!.name, MAX_ATOMS);
    const topologyFile = await find('top');
    const topology = await readText(topologyFile);
    const molecules =
      topology === undefined
        ? undefined
        : await readTopology(topology, topologyFile!.path, rawRoot).catch((error: unknown) => {
            log(
              'WARNING',
              `${topologyFile!.name} is not read: ${error instanceof Error ? error.message : String(error)}`,
            );
            return undefined;
          });
    const archive = gromacsArchive({
      log: read,
      energies,
      frames: framesOf(trajectory?.frames, compressed?.frames),
      gro,
      forceField: forceFieldOf(topology),
      ...(molecules ? { topology: molecules } : {}),
    });
    const freeEnergy = await readFreeEnergy(read, gro, molecules, named.dhdl, {
      file: (candidates) => firstFile(absolutePath, rawRoot, candidates),
      log,
    });
    if (freeEnergy) {
      const workflow = archive.workflow2;
      archive.workflow2 = {
        ...workflow,
        method: { ...workflow.method, free_energy_calculation_parameters: [freeEnergy.method] },
        ...(freeEnergy.results
          ? { results: { ...workflow.results, free_energy_calculations: [freeEnergy.results] } }
          : {}),
      };
    }
    return codeOutput(archive, 'GROMACS', 'simulation', log);
  },
};
