// Shared by the parser tests of files beside a mainfile: each call writes its files into a fresh
// temporary folder (removed after the test file) and, for `parse`, parses the mainfile there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { parseMainfile, type ParseMainfileOptions } from '../pipeline.ts';

/** Files by name (names may hold folders); an undefined one is left out. */
type Files = Record<string, string | Buffer | undefined>;

export const parserInFolders = (parser: ParseMainfileOptions['parser'], uploadId: string) => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  /** A new folder holding `files`; answers its path. */
  const write = (files: Files): string => {
    const folder = mkdtempSync(join(tmpdir(), `oasis-${uploadId}-`));
    folders.push(folder);
    for (const [name, content] of Object.entries(files)) {
      if (content === undefined) continue;
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), content);
    }
    return folder;
  };

  /** Parses `mainfile` among `files` (it is one of them); the parse must succeed. */
  const parse = async (mainfile: string, files: Files) => {
    const folder = write(files);
    const result = await parseMainfile({
      absolutePath: join(folder, mainfile),
      relativePath: mainfile,
      uploadId,
      parser,
    });
    expect(result.ok).toBe(true);
    return result;
  };

  return { write, parse };
};
