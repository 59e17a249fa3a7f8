// 'parsers/crystal': CRYSTAL outputs (single points, optimisations of crystals, slabs, polymers and
// molecules, properties runs), with the fort.25 beside a properties run for its band structure and DOS.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { crystalArchive } from './archive.ts';
import { readCrystalOutput, type CrystalOutput } from './read-crystal.ts';
import { readF25, type F25Block } from './read-f25.ts';

const MAX_F25_BYTES = 64 * 1024 ** 2;

/**
 * The fort.25 of a properties run: the name the output says it was saved as, else the mainfile's stem
 * with '.f25', beside the mainfile.
 */
async function f25Of(
  out: CrystalOutput,
  absolutePath: string,
  rawRoot: string,
  warnings: string[],
): Promise<F25Block[] | undefined> {
  if (!out.hasBands && !out.hasDos) return undefined;
  const stem = basename(absolutePath).replace(/\.[^.]*$/, '');
  const names = [...new Set([out.f25 && basename(out.f25), `${stem}.f25`].filter((n): n is string => !!n))];
  for (const name of names) {
    const read = await siblingText(absolutePath, rawRoot, name, MAX_F25_BYTES);
    if (!read) continue;
    if ('problem' in read) {
      warnings.push(read.problem);
      return undefined;
    }
    return readF25(read.text, name);
  }
  warnings.push(`no fort.25 (${names.join(', ')}) beside the output: band structure and DOS not read`);
  return undefined;
}

export const crystalParser: MainfileParser = {
  name: 'parsers/crystal',
  code: {
    codeLabel: 'CRYSTAL',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.crystal.unito.it/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|`<text_file>` (any name) | **Mainfile**: the CRYSTAL output |\n' +
      '|`<text_file>.f25` | band structure and DOS of a properties run (fort.25) |',
  },
  // Any name, as in NOMAD, but not the inputs and side files whose text repeats the input.
  mainfileName: /^(?!.*\.(?:d12|d3|f9|f98|f25|f34|gui|ext|ppan|band|doss|dat)$)(?:.*\/)?[^/]+$/i,
  // The banner with its release line; where an input echo pushes it past the head, the runner's lines
  // ('CRYSTAL will run on', 'CRYSTAL is running via') or the echoed geometry keyword after the runner's
  // first lines (an input file has it on its second line, after the title) open the file.
  mainfileContents:
    /\r?\n \*\s+CRYSTAL\d+\s+\*\r?\n \*\s*[a-zA-Z]+ : \d|^CRYSTAL (?:will run on|is running via)|(?<![\s\S])(?:.*\r?\n){2,}(?:CRYSTAL\r?\n\d+ \d+ \d+|EXTERNAL|SLAB\r?\n\d+|POLYMER\r?\n\d+|MOLECULE\r?\n\d+)\r?\n(?:.*\r?\n)*?END\r?\n/m,
  compressions: ['gz'],
  maxBytes: 128 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const out = readCrystalOutput(content.toString('latin1'), basename(absolutePath));
    const warnings: string[] = [...out.warnings];
    const f25 = await f25Of(out, absolutePath, rawRoot, warnings);
    const archive = crystalArchive(out, f25, warnings);
    return codeOutput(archive, 'CRYSTAL', 'calculation', log);
  },
};
