// 'parsers/wannier90': Wannier90 outputs (.wout) with the input (.win), hoppings (_hr.dat), interpolated
// bands (_band.dat) and DOS (dos.dat) beside them.
import { basename } from 'node:path';
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingNames, siblingText } from '../sibling-files.ts';
import { type WannierSideFiles, wannierArchive } from './archive.ts';
import { readColumns, readHr, readWin, readWout } from './read-wannier90.ts';
import { firstPrinciplesMainfile, firstPrinciplesPlusTb } from './workflow.ts';

const SIDE_FILE_BYTES = 256 * 1024 ** 2;

/** The side file of the run's seed name, else the only one of its kind in the folder. */
function pick(names: readonly string[], preferred: readonly string[], pattern: RegExp): string | undefined {
  return (
    preferred.find((name) => names.includes(name)) ?? names.filter((name) => pattern.test(name)).sort()[0]
  );
}

async function sideFiles(input: ParserInput): Promise<WannierSideFiles> {
  const seed = basename(input.mainfile).replace(/\.wout$/, '');
  const names = await siblingNames(input.absolutePath);
  const read = async (name: string | undefined) => {
    const found = await siblingText(input.absolutePath, input.rawRoot, name, SIDE_FILE_BYTES);
    if (found && 'problem' in found) input.log('WARNING', found.problem);
    return found && 'text' in found ? found.text : undefined;
  };
  const win = await read(pick(names, [`${seed}.win`], /\.win$/));
  const hr = await read(pick(names, [`${seed}_hr.dat`], /_hr\.dat$/));
  const band = await read(pick(names, [`${seed}_band.dat`], /band\.dat$/));
  const dos = await read(pick(names, [`${seed}-dos.dat`, `${seed}_dos.dat`], /dos\.dat$/));
  const side: WannierSideFiles = {};
  if (win !== undefined) side.win = readWin(win);
  const hopping = hr !== undefined ? readHr(hr) : undefined;
  if (hopping) side.hr = hopping;
  if (band !== undefined) side.band = readColumns(band);
  if (dos !== undefined) side.dos = readColumns(dos);
  return side;
}

export const wannier90Parser: MainfileParser = {
  name: 'parsers/wannier90',
  code: {
    codeLabel: 'Wannier90',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.wannier.org/',
    tableOfFiles:
      '| Input Filename | Description |\n| --- | --- |\n| `*.wout` | **Mainfile**: the Wannier90 output |\n' +
      '| `*.win` | input: projections, Fermi energy |\n| `*_hr.dat` | hopping matrix |\n' +
      '| `*_band.dat` | interpolated band structure |\n| `*dos.dat` | density of states |',
  },
  // NOMAD knows the output by its banner, whatever its name.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /\|\s*WANNIER90\s*\|/,
  compressions: ['gz'],
  maxBytes: 256 * 1024 ** 2,
  parse: async (input): Promise<ParserOutput> => {
    const out = readWout(input.content.toString('latin1'), input.mainfile);
    for (const warning of out.warnings) input.log('WARNING', warning);
    const side = await sideFiles(input);
    const archive = wannierArchive(out, side);
    // On a first-principles run beside it, the model is the second step of a workflow.
    const firstPrinciples = await firstPrinciplesMainfile(input);
    if (firstPrinciples !== undefined) archive.workflow2 = firstPrinciplesPlusTb(firstPrinciples);
    return codeOutput(archive, 'Wannier90', 'calculation', input.log);
  },
};
