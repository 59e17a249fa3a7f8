// 'parsers/xtb': xtb outputs (GFNn-xTB and GFN-FF single points, ANCOPT optimisations, molecular
// dynamics) with the structure files xtb writes beside them.
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { type XtbStructures, xtbArchive } from './archive.ts';
import { readStructureFile, readXyzStructures } from './read-xtb-files.ts';
import { readXtbOutput } from './read-xtb.ts';

const SIDE_FILE_BYTES = 256 * 1024 ** 2;

/** The text of a side file, or undefined (with a warning when it is there but not read). */
async function side(input: ParserInput, name: string | undefined): Promise<string | undefined> {
  const found = await siblingText(input.absolutePath, input.rawRoot, name, SIDE_FILE_BYTES);
  if (found && 'problem' in found) input.log('WARNING', found.problem);
  return found && 'text' in found ? found.text : undefined;
}

async function structuresOf(
  input: ParserInput,
  out: ReturnType<typeof readXtbOutput>,
): Promise<XtbStructures> {
  const setup = new Map(out.calculationSetup);
  const coordinateFile = String(setup.get('coordinate file') ?? 'coord');
  const initialText = await side(input, coordinateFile);
  const extension = /\.(\w+)$/.exec(coordinateFile)?.[1] ?? 'coord';
  const files: XtbStructures = {
    ...(initialText !== undefined ? { initial: readStructureFile(coordinateFile, initialText) } : {}),
    optimization: [],
    trajectory: [],
  };
  if (out.optimization) {
    const log = await side(input, 'xtbopt.log');
    files.optimization = log ? readXyzStructures(log) : [];
    const optimizedName = `xtbopt.${extension}`;
    const optimized = await side(input, optimizedName);
    const fromFile = optimized !== undefined ? readStructureFile(optimizedName, optimized) : undefined;
    // Without the file, the output's 'final structure' ($coord in bohr) is the optimised geometry.
    const printed = out.optimization.finalCoordinates?.atoms ?? [];
    files.optimized =
      fromFile ??
      (printed.length > 0
        ? readStructureFile(
            'final',
            `$coord\n${printed.map((a) => `${a.position.join(' ')} ${a.symbol}`).join('\n')}\n`,
          )
        : undefined);
  }
  if (out.dynamics) {
    const name = out.dynamics.trajectory ?? 'xtb.trj';
    const trajectory = await side(input, name);
    files.trajectory = trajectory ? readXyzStructures(trajectory) : [];
  }
  return files;
}

export const xtbParser: MainfileParser = {
  name: 'parsers/xtb',
  code: {
    codeLabel: 'xTB',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.chemie.uni-bonn.de/pctc/mulliken-center/software/xtb/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|any name | **Mainfile**: the xtb output |\n' +
      "|`coord`, `*.coord`, `*.xyz` | input structure (the setup's coordinate file) |\n" +
      '|`xtbopt.log`, `xtbopt.coord` | geometries of an optimisation, the optimised one |\n' +
      '|`xtb.trj` | trajectory of a molecular dynamics |',
  },
  // xtb writes its output to standard output: any name, known by the banner.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /x T B\s+\|\s+\|\s+=/,
  compressions: ['gz'],
  maxBytes: 256 * 1024 ** 2,
  parse: async (input): Promise<ParserOutput> => {
    const out = readXtbOutput(input.content.toString('latin1'), input.mainfile);
    for (const warning of out.warnings) input.log('WARNING', warning);
    const files = await structuresOf(input, out);
    return codeOutput(xtbArchive(out, files), 'xTB', 'calculation', input.log);
  },
};
