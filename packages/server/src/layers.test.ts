// The boundary rules of boundaries.config.js, run on planted imports: a back-edge fails the lint, a
// downward import does not. Guards the declaration itself (a renamed folder that no pattern matches
// would otherwise let every import through silently).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('server layers', () => {
  let eslint: ESLint;
  beforeAll(async () => {
    const { boundaryConfigs } = (await import(
      pathToFileURL(path.join(repoRoot, 'boundaries.config.js')).href
    )) as {
      boundaryConfigs: Linter.Config[];
    };
    eslint = new ESLint({
      cwd: repoRoot,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        ...boundaryConfigs,
      ],
    });
  });

  const problems = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, {
      filePath: path.join(repoRoot, 'packages/server/src', file),
    });
    return result!.messages.map((message) => message.message);
  };

  it('refuses an import of a higher layer and of a neighbour in the same layer', async () => {
    expect(
      await problems('store/planted.ts', "import { uploadToWire } from '../services/uploads-wire.ts';\n"),
    ).toEqual([
      expect.stringMatching(/^store\/ is in layer \d+ of the server .*: it may not import server\/services$/),
    ]);
    expect(await problems('search/planted.ts', "import { NorthHub } from '../north/hub.ts';\n")).toEqual([
      expect.stringMatching(/^search\/ is in layer \d+ .* may not import server\/north$/),
    ]);
  });

  it('lets a layer import the layers below it, and anyone the context as a type', async () => {
    expect(
      await problems('routes/planted.ts', "import { uploadToWire } from '../services/uploads-wire.ts';\n"),
    ).toEqual([]);
    expect(
      await problems('services/planted.ts', "import type { AppContext } from '../context.ts';\n"),
    ).toEqual([]);
    expect(await problems('services/planted.ts', "import { createContext } from '../context.ts';\n")).toEqual(
      ['context.ts is the composition of the whole server: import it as a type only'],
    );
  });
});
