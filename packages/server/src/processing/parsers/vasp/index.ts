// 'parsers/vasp': VASP runs from their vasprun.xml (any *.xml whose head shows a VASP generator).
import type { MainfileParser } from '../../types.ts';
import { parseVasprun } from './parser.ts';

export const vasprunParser: MainfileParser = {
  name: 'parsers/vasp',
  code: { codeLabel: 'VASP', codeCategory: 'Atomistic code', codeUrl: 'https://www.vasp.at/' },
  // 'vasprun.xml', 'vasp.xml', and suffixed copies such as 'vasprun.xml.bands' (NOMAD: *xml*).
  mainfileName: /\.xml[^/]*$/i,
  // The <modeling> root and a generator whose program is vasp, within the first 4 KB.
  mainfileContents: /<modeling>[\s\S]*?<i\s[^>]*name="program"[^>]*>\s*vasp/i,
  compressions: ['gz', 'bz2', 'xz'],
  // The XML is walked as a stream, but the file's bytes are held whole (outside the V8 heap).
  maxBytes: 1024 ** 3,
  parse: ({ content, log }) => parseVasprun(content, log),
};
