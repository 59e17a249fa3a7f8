// 'parsers/wien2k': WIEN2k SCF files (case.scf), with the inputs and outputs of the case beside them:
// case.struct (the structure), case.in0/in1/in2 (functional, basis, smearing), case.klist, the band
// energies of case.energy* and the DOS of case.dos*.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingNames, siblingText } from '../sibling-files.ts';
import { wien2kArchive, type Wien2kFiles } from './archive.ts';
import { readWien2kDos, readWien2kEnergy } from './read-bands.ts';
import {
  readWien2kIn0,
  readWien2kIn1,
  readWien2kIn2,
  readWien2kKlist,
  readWien2kStruct,
} from './read-inputs.ts';
import { readWien2kScf } from './read-scf.ts';

const MAX_INPUT_BYTES = 16 * 1024 ** 2;
const MAX_OUTPUT_BYTES = 128 * 1024 ** 2;

/** The case's files beside the mainfile: by the case name first, else the one file of that kind. */
function casePicker(names: readonly string[], caseName: string) {
  return (suffix: RegExp): string[] => {
    const own = names.filter(
      (n) => n.startsWith(`${caseName}.`) && suffix.test(n.slice(caseName.length + 1)),
    );
    if (own.length > 0) return own;
    const any = names.filter((n) => {
      const dot = n.lastIndexOf('.');
      return dot >= 0 && suffix.test(n.slice(dot + 1));
    });
    return any.length === 1 ? any : [];
  };
}

/** Files in the order the run wrote them: 'x_2' before 'x_10', 'dos2' before 'dos10'. */
const byNumber = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

async function readCase(
  absolutePath: string,
  rawRoot: string,
  files: Wien2kFiles,
  warnings: string[],
): Promise<void> {
  const caseName = basename(absolutePath).replace(/\.scf(?:\.gz)?$/i, '');
  const pick = casePicker(await siblingNames(absolutePath), caseName);
  const text = async (name: string | undefined, maxBytes = MAX_INPUT_BYTES) => {
    const read = await siblingText(absolutePath, rawRoot, name, maxBytes);
    if (read && 'problem' in read) warnings.push(read.problem);
    return read && 'text' in read && read.text.trim() !== '' ? read : undefined;
  };
  const struct = await text(pick(/^struct$/)[0]);
  const parsed = struct && readWien2kStruct(struct.text, struct.name);
  if (parsed) files.struct = parsed;
  const in0 = await text(pick(/^in0$/)[0]);
  if (in0) files.in0 = readWien2kIn0(in0.text, in0.name);
  const in1 = await text(pick(/^in1$/)[0] ?? pick(/^in1c$/)[0]);
  if (in1) files.in1 = readWien2kIn1(in1.text, in1.name);
  const in2 = await text(pick(/^in2$/)[0] ?? pick(/^in2c$/)[0]);
  if (in2) files.in2 = readWien2kIn2(in2.text, in2.name);
  const klist = await text(pick(/^klist$/)[0]);
  if (klist) files.klist = readWien2kKlist(klist.text, klist.name);

  const spins = files.scf.iterations.some((it) => it.spinPolarized) ? ['up', 'dn'] : [''];
  const energies = [];
  for (const spin of spins) {
    const parts = byNumber(pick(new RegExp(`^energy${spin}_\\d+$`)));
    const kpoints = [];
    for (const name of parts.length > 0 ? parts : pick(new RegExp(`^energy${spin}$`))) {
      const read = await text(name, MAX_OUTPUT_BYTES);
      if (read) kpoints.push(...readWien2kEnergy(read.text, read.name));
    }
    energies.push(kpoints);
  }
  if (energies.some((k) => k.length > 0)) files.energies = energies;
  const dos = [];
  for (const spin of spins) {
    const channel = [];
    for (const name of byNumber(pick(new RegExp(`^dos\\d+${spin}$`)))) {
      const read = await text(name, MAX_OUTPUT_BYTES);
      const file = read && readWien2kDos(read.text, read.name);
      if (file) channel.push(file);
    }
    dos.push(channel);
  }
  if (dos.some((c) => c.length > 0)) files.dos = dos;
}

export const wien2kParser: MainfileParser = {
  name: 'parsers/wien2k',
  code: {
    codeLabel: 'WIEN2k',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.wien2k.at/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.scf | **Mainfile**: the SCF file of a case |\n' +
      '|\\*.struct | the structure |\n|\\*.in0, \\*.in1(c), \\*.in2(c) | functional, basis and smearing |\n' +
      '|\\*.klist | the k-points |\n|\\*.energy\\* | band energies |\n|\\*.dos\\* | densities of states |',
  },
  mainfileName: /(?:^|\/)[^/]+\.scf$/i,
  mainfileContents: /:ITE\d+:\s*\d+\.\s*ITERATION|:LABEL\d+:\s*using WIEN2k/,
  compressions: ['gz'],
  maxBytes: 256 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const warnings: string[] = [];
    const files: Wien2kFiles = { scf: readWien2kScf(content.toString('latin1'), basename(absolutePath)) };
    await readCase(absolutePath, rawRoot, files, warnings);
    const { structure, ...archive } = wien2kArchive(files);
    archive.warnings.push(...warnings);
    if (structure) return codeOutput({ ...archive, structure }, 'WIEN2k', 'calculation', log);
    for (const warning of archive.warnings) log('WARNING', warning);
    return { sections: { run: [archive.run], workflow2: archive.workflow2 }, entryType: 'WIEN2k' };
  },
};
