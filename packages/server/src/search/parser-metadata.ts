import type { MainfileParser } from '../processing/types.ts';

/** NOMAD's `parserMetadata`: per parser its code name, label, category and upload notes, from the parser. */
export const parserMetadata = (parsers: readonly MainfileParser[]): Record<string, Record<string, string>> =>
  Object.fromEntries(
    parsers.map((parser) => {
      const codeName = parser.name.replace(/^parsers\//, '');
      return [codeName, { codeName, tableOfFiles: '', parserSpecific: '', ...parser.code }];
    }),
  );
