// 'parsers/abinit': ABINIT main outputs (a calculation per step of each dataset), with the _DOS files
// the datasets wrote beside it.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { abinitArchive } from './archive.ts';
import { readAbinitOutput, variableOf, type AbinitOutput } from './read-abinit.ts';
import { readAbinitDos, type AbinitDos } from './read-dos.ts';

const MAX_DOS_BYTES = 64 * 1024 ** 2;

/** The _DOS file of each dataset that asked for one (prtdos), named after the output root. */
async function dosFiles(
  out: AbinitOutput,
  absolutePath: string,
  rawRoot: string,
  warnings: string[],
): Promise<Map<number, AbinitDos>> {
  const files = new Map<number, AbinitDos>();
  if (!out.outputRoot) return files;
  const root = basename(out.outputRoot);
  const multi = (out.variables.get('ndtset')?.[0] ?? 0) > 0;
  for (const { index } of out.datasets) {
    if (!(variableOf(out, 'prtdos', index)?.[0] ?? 0)) continue;
    const name = multi ? `${root}_DS${index}_DOS` : `${root}_DOS`;
    const read = await siblingText(absolutePath, rawRoot, name, MAX_DOS_BYTES);
    if (!read) warnings.push(`${name} is not beside the output: no DOS for dataset ${index}`);
    else if ('problem' in read) warnings.push(read.problem);
    else {
      const dos = readAbinitDos(read.text);
      if (dos) files.set(index, dos);
      else warnings.push(`${name} is no ABINIT DOS file that could be read`);
    }
  }
  return files;
}

export const abinitParser: MainfileParser = {
  name: 'parsers/abinit',
  code: {
    codeLabel: 'ABINIT',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.abinit.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out | **Mainfile**: the ABINIT main output |\n' +
      '|\\*_DOS | densities of states (prtdos) |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|abo|txt|output)$/i,
  mainfileContents: /^\s*\.Version\s+\S+\s+of ABINIT/m,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const out = readAbinitOutput(content.toString('latin1'), basename(absolutePath));
    // What the reader found but could not read goes to the entry's log with its file and line.
    const warnings: string[] = [...out.warnings];
    const archive = abinitArchive(out, await dosFiles(out, absolutePath, rawRoot, warnings));
    archive.warnings.push(...warnings);
    return codeOutput(archive, 'ABINIT', 'simulation', log);
  },
};
