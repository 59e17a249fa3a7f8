// 'parsers/exciting': exciting ground states, hybrid-functional runs and structure optimisations from
// INFO.OUT (with the EIGVAL.OUT, info.xml, input.xml, dos.xml/TDOS.OUT and bandstructure.xml/.dat beside it),
// and GW runs from GW_INFO.OUT (with EVALQP.DAT, TDOS-QP.OUT, bandstructure-qp.dat and the ground
// state's INFO.OUT beside it).
import type { RunCalculation, LogLevel } from '@oasis/schema';
import { HARTREE } from '@oasis/chem';
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { calculationRefs, codeOutput, codeRun, singlePoint } from '../code-sections.ts';
import { readSideFile } from './placed-side-file.ts';
import { excitingArchive, structureOf, type ExcitingInput } from './archive.ts';
import { addBandStructure } from './band.ts';
import { addDos } from './dos.ts';
import { addEigenvalues } from './eigval.ts';
import { addEvalqp, gwCalculation, gwMethod, readGwInfo, type GwInput } from './gw.ts';
import { addInfoXmlEnergies } from './info-xml.ts';
import { attributesOf, fortranNumber, numberList, readInputXml } from './input-xml.ts';
import { readExcitingInfo, type ExcitingInfo } from './read-info.ts';

const MAX_INFO_BYTES = 64 * 1024 ** 2;

interface Context {
  content: Buffer;
  absolutePath: string;
  rawRoot: string;
  log: (level: LogLevel, event: string) => void;
}

/** The calculation's Fermi energy in Hartree (the side files' unit). */
const fermiOf = (calculation: RunCalculation): number | undefined => {
  const fermi = calculation.energy?.fermi;
  return fermi === undefined ? undefined : fermi / HARTREE;
};

async function parseInfo({ content, absolutePath, rawRoot, log }: Context): Promise<ParserOutput> {
  const warn = (event: string) => log('WARNING', event);
  const info = readExcitingInfo(content.toString('latin1'), { file: basename(absolutePath), warn });
  if (info.initial.species.length === 0 && info.steps.length === 0)
    throw new Error('INFO.OUT has neither atomic positions nor an SCF');
  const xml = await readInputXml(absolutePath, rawRoot, warn);
  const input: ExcitingInput = {};
  const offset = xml ? numberList(attributesOf(xml, 'groundstate').get('vkloff')) : undefined;
  if (offset?.length === 3) input.kOffset = offset;
  const archive = excitingArchive(info, input);
  const calculations = archive.run.calculation ?? [];
  const last = calculations[calculations.length - 1];
  if (last) {
    const spins = info.spinPolarized ? 2 : 1;
    await addEigenvalues(last, spins, absolutePath, rawRoot, warn);
    await addInfoXmlEnergies(last, absolutePath, rawRoot, warn);
    const fermi = fermiOf(last);
    await addDos(last, ['dos.xml', 'TDOS.OUT'], fermi, absolutePath, rawRoot, warn);
    await addBandStructure(
      last,
      ['bandstructure.xml', 'bandstructure.dat'],
      spins,
      fermi,
      absolutePath,
      rawRoot,
      warn,
    );
  }
  return codeOutput(archive, 'exciting', 'simulation', log);
}

/** The ground state a GW run starts from: INFO.OUT beside GW_INFO.OUT. */
async function groundState(absolutePath: string, rawRoot: string, warn: (event: string) => void) {
  const read = (text: string): ExcitingInfo | string => {
    try {
      return readExcitingInfo(text, { file: 'INFO.OUT', warn });
    } catch (e) {
      return `INFO.OUT beside GW_INFO.OUT not read: ${(e as Error).message}`;
    }
  };
  return readSideFile(absolutePath, rawRoot, 'INFO.OUT', MAX_INFO_BYTES, read, warn);
}

async function parseGw({ content, absolutePath, rawRoot, log }: Context): Promise<ParserOutput> {
  const warn = (event: string) => log('WARNING', event);
  const gwInfo = readGwInfo(content.toString('latin1'), { file: basename(absolutePath), warn });
  const info: ExcitingInfo | undefined = await groundState(absolutePath, rawRoot, warn);
  if (!info?.lattice || info.initial.species.length === 0)
    throw new Error('GW_INFO.OUT has no INFO.OUT of its ground state beside it: no structure');
  const xml = await readInputXml(absolutePath, rawRoot, warn);
  const input: GwInput = {};
  if (xml) {
    const gw = attributesOf(xml, 'gw');
    input.nEmpty = fortranNumber(gw.get('nempty'));
    input.qGrid = numberList(gw.get('ngridq'));
    input.screening = attributesOf(xml, 'scrcoul', 'gw').get('scrtype');
    const grid = attributesOf(xml, 'freqgrid', 'gw');
    input.frequencyGrid = grid.get('fgrid');
    input.nFrequencies = fortranNumber(grid.get('nomeg'));
  }
  if (gwInfo.tasks.length === 0) warn('GW_INFO.OUT names no GW task');
  if (gwInfo.fermi === undefined) warn('GW_INFO.OUT has no G0W0 block: the GW run did not finish');
  const steps = info.steps;
  const geometry = steps.length > 0 ? steps[steps.length - 1]!.geometry : info.initial;
  const structure = structureOf(geometry, info.lattice);
  const calculation: RunCalculation = { ...calculationRefs(0), ...gwCalculation(gwInfo) };
  const spins = info.spinPolarized ? 2 : 1;
  await addEvalqp(calculation, spins, absolutePath, rawRoot, warn);
  const fermi = gwInfo.fermi;
  await addDos(calculation, ['TDOS-QP.OUT'], fermi, absolutePath, rawRoot, warn);
  await addBandStructure(calculation, ['bandstructure-qp.dat'], spins, fermi, absolutePath, rawRoot, warn);
  const run = codeRun('exciting', info.version, gwMethod(gwInfo, input), [structure], [calculation]);
  if (info.hash) run.program = { ...run.program, version_internal: info.hash };
  return codeOutput(
    { run, workflow2: singlePoint(), structure, warnings: [] },
    'exciting',
    'simulation',
    log,
  );
}

export const excitingParser: MainfileParser = {
  name: 'parsers/exciting',
  code: {
    codeLabel: 'exciting',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://exciting-code.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|INFO.OUT | **Mainfile**: the exciting run summary |\n|GW_INFO.OUT | **Mainfile**: the summary of a GW run |\n|EIGVAL.OUT | eigenvalues and occupancies of the last ground state |\n|info.xml | energy terms of the last SCF |\n|input.xml | k-grid offset, GW settings |\n|dos.xml, TDOS.OUT, TDOS-QP.OUT | density of states |\n|bandstructure.xml, bandstructure.dat, bandstructure-qp.dat | band structure |\n|EVALQP.DAT | quasi-particle energies |',
  },
  mainfileName: /(?:^|\/)(?:GW_)?INFO\.OUT$/,
  mainfileContents: /EXCITING .* started|Main GW output file|GW input parameters/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async (context): Promise<ParserOutput> =>
    /^GW_/.test(basename(context.absolutePath)) ? parseGw(context) : parseInfo(context),
};
