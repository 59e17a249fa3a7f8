// 'parsers/dftbplus': DFTB+ standard outputs, with the HSD input, its gen geometry, geo_end.gen and
// detailed.out beside them.
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { readXyz } from '../xyz-read.ts';
import { ANGSTROM, type Vec3 } from '@oasis/chem';
import type { Structure } from '../../structure.ts';
import { type DftbInputs, dftbArchive } from './archive.ts';
import { hsdGeometry, includedFile, readGen, readHsd } from './read-dftbplus-input.ts';
import { readDetailed, readDftbOutput } from './read-dftbplus.ts';

const SIDE_FILE_BYTES = 256 * 1024 ** 2;

async function side(input: ParserInput, name: string | undefined): Promise<string | undefined> {
  const found = await siblingText(input.absolutePath, input.rawRoot, name, SIDE_FILE_BYTES);
  if (found && 'problem' in found) input.log('WARNING', found.problem);
  return found && 'text' in found ? found.text : undefined;
}

/** The geometry of an HSD input: gen or XYZ, inline or included from a file beside it. */
async function inputGeometry(input: ParserInput, hsd: string): Promise<Structure | undefined> {
  const geometry = hsdGeometry(hsd);
  if (!geometry) return undefined;
  const included = includedFile(geometry.body);
  const text = included ? await side(input, included) : geometry.body;
  if (text === undefined) return undefined;
  if (/xyz/i.test(geometry.format)) {
    const frame = readXyz(text).at(-1);
    return frame
      ? {
          species: frame.species,
          positions: frame.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
          lattice: null,
          periodic: [false, false, false],
        }
      : undefined;
  }
  return readGen(text);
}

async function inputsOf(input: ParserInput, out: ReturnType<typeof readDftbOutput>): Promise<DftbInputs> {
  const inputs: DftbInputs = {};
  // The processed input spells out every default; the input as written is the fallback.
  const hsd =
    (await side(input, out.processedInputFile)) ?? (await side(input, out.inputFile ?? 'dftb_in.hsd'));
  if (hsd !== undefined) {
    inputs.settings = readHsd(hsd);
    const initial = await inputGeometry(input, hsd);
    if (initial) inputs.initial = initial;
  }
  const final = await side(input, 'geo_end.gen');
  const finalStructure = final !== undefined ? readGen(final) : undefined;
  if (finalStructure) inputs.final = finalStructure;
  const detailed = await side(input, 'detailed.out');
  if (detailed !== undefined) {
    const read = readDetailed(detailed);
    for (const warning of read.warnings) input.log('WARNING', warning);
    inputs.detailed = read;
  }
  return inputs;
}

export const dftbplusParser: MainfileParser = {
  name: 'parsers/dftbplus',
  code: {
    codeLabel: 'DFTB+',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.dftbplus.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|any name | **Mainfile**: the DFTB+ standard output |\n' +
      '|`dftb_pin.hsd`, `dftb_in.hsd` | input settings and geometry |\n|`*.gen` | geometry in gen format |\n' +
      '|`geo_end.gen` | last geometry |\n|`detailed.out` | energy terms, eigenvalues, forces, charges |',
  },
  // DFTB+ writes to standard output: any name, known by its banner.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /\|\s{2}DFTB\+/,
  compressions: ['gz'],
  maxBytes: 512 * 1024 ** 2,
  parse: async (input): Promise<ParserOutput> => {
    const out = readDftbOutput(input.content.toString('latin1'), input.mainfile);
    for (const warning of out.warnings) input.log('WARNING', warning);
    const inputs = await inputsOf(input, out);
    return codeOutput(dftbArchive(out, inputs), 'DFTB+', 'calculation', input.log);
  },
};
