// Every archive that processing writes for the repository's own fixtures and examples (and, where the
// workspace has them, for the shared code samples) follows the metainfo definitions of packages/schema:
// every section and quantity defined, values of their type and shape. Code-specific quantities (NOMAD's
// `x_<code>_` names, defined in each parser's own package) are allowed; everything else must be defined.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformanceProblems } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { readMatchHead } from './compression.ts';
import { matchParser } from './matching.ts';
import { parseMainfile } from './pipeline.ts';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const sharedCodes = fileURLToPath(new URL('../../../../../shared/samples/codes/', import.meta.url));

/** Folders whose files are processed as an upload would be: every file a parser matches is a mainfile. */
const repositoryFolders = [
  'examples',
  'src/processing/parsers/vasp/fixtures',
  'src/processing/parsers/outcar/fixtures',
  'src/processing/parsers/gromacs/fixtures',
].map((folder) => join(serverRoot, folder));

const CODE_SPECIFIC = /^x_[a-z0-9]+_/;

function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile());
}

/** The mainfiles of a folder with the parser each one matched. */
async function mainfilesOf(root: string): Promise<{ path: string; relativePath: string; parser: string }[]> {
  const found = [];
  for (const path of filesBelow(root)) {
    const relativePath = relative(root, path);
    const parser = matchParser(relativePath, await readMatchHead(path, relativePath));
    if (parser) found.push({ path, relativePath, parser: parser.name });
  }
  return found;
}

/** Problems of one archive's run and workflow2, code-specific names left out. */
function problemsOf(archive: Record<string, unknown>): string[] {
  const { run, workflow2 } = archive;
  return conformanceProblems({ run, workflow2 })
    .filter(({ path }) => !path.split('/').some((key) => CODE_SPECIFIC.test(key)))
    .map(({ path, problem }) => `${path}: ${problem}`);
}

async function checkFolder(root: string): Promise<{ checked: number; problems: string[] }> {
  const problems: string[] = [];
  let checked = 0;
  for (const { path, relativePath, parser } of await mainfilesOf(root)) {
    const result = await parseMainfile({
      absolutePath: path,
      relativePath,
      rawRoot: root,
      uploadId: 'conformance',
      parser,
    });
    if (!result.ok) continue;
    checked += 1;
    problems.push(...problemsOf(result.archive).map((problem) => `${relativePath} (${parser}): ${problem}`));
  }
  return { checked, problems };
}

describe('archives follow the metainfo definitions', () => {
  it('for the repository fixtures and examples', async () => {
    let checked = 0;
    const problems: string[] = [];
    for (const folder of repositoryFolders) {
      const found = await checkFolder(folder);
      checked += found.checked;
      problems.push(...found.problems);
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(problems).toEqual([]);
  }, 120_000);

  const available = existsSync(sharedCodes);
  if (!available) console.warn(`metainfo conformance of the code samples skipped: ${sharedCodes} is absent`);
  it.skipIf(!available)(
    'for the shared samples of every code (skipped without ../shared)',
    async () => {
      const found = await checkFolder(sharedCodes);
      expect(found.checked).toBeGreaterThanOrEqual(20);
      expect(found.problems).toEqual([]);
    },
    300_000,
  );
});
