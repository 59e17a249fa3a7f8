// 'parsers/vasp': VASP runs from their vasprun.xml (any *.xml whose head shows a VASP generator).
import { readFile } from 'node:fs/promises';
import { compressionOf, decompress } from '../../compression.ts';
import type { MainfileParser } from '../../types.ts';
import { parseVasprun, parseVasprunStream } from './parser.ts';
import { siblingPotcarHeaders } from './potcar-sibling.ts';

/** Largest vasprun.xml read whole: bz2 and xz files (no streaming decompressor) and given content. */
const MAX_WHOLE_BYTES = 1024 ** 3;

export const vasprunParser: MainfileParser = {
  name: 'parsers/vasp',
  code: { codeLabel: 'VASP', codeCategory: 'Atomistic code', codeUrl: 'https://www.vasp.at/' },
  // 'vasprun.xml', 'vasp.xml', and suffixed copies such as 'vasprun.xml.bands' (NOMAD: *xml*).
  mainfileName: /\.xml[^/]*$/i,
  // The <modeling> root and a generator whose program is vasp, within the first 4 KB.
  mainfileContents: /<modeling>[\s\S]*?<i\s[^>]*name="program"[^>]*>\s*vasp/i,
  compressions: ['gz', 'bz2', 'xz'],
  maxBytes: MAX_WHOLE_BYTES,
  parse: async ({ content, absolutePath, rawRoot, log }) =>
    parseVasprun(content, log, await siblingPotcarHeaders(absolutePath, rawRoot, log)),
  // Plain and gzipped files are walked as they are read: memory stays at what the run's sections
  // keep, whatever the file's size. bz2 and xz have no streaming decompressor here: read whole.
  parseStream: async ({ mainfile, absolutePath, rawRoot, read, log }) => {
    const potcars = await siblingPotcarHeaders(absolutePath, rawRoot, log);
    const compression = compressionOf(mainfile);
    if (compression === 'bz2' || compression === 'xz') {
      const content = await decompress(await readFile(absolutePath), compression, MAX_WHOLE_BYTES);
      return parseVasprun(content, log, potcars);
    }
    return parseVasprunStream(read(), log, potcars);
  },
};
