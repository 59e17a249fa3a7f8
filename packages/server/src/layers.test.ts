// The boundary rules of boundaries.config.js, the server's and the GUI's, run on planted imports: a
// back-edge fails the lint, a downward import does not. Guards the declaration itself (a renamed folder
// that no pattern matches would otherwise let every import through silently). The GUI's cases are here
// too: ESLint runs in Node, and the GUI's test files run in a browser environment.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

let eslint: ESLint;
beforeAll(async () => {
  const configUrl = pathToFileURL(path.join(repoRoot, 'boundaries.config.js')).href;
  const { boundaryConfigs } = (await import(configUrl)) as { boundaryConfigs: Linter.Config[] };
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...boundaryConfigs,
    ],
  });
});

/** What the boundary rules say of `source` as the file `file` of the repository. */
const problems = async (file: string, source: string) => {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((message) => message.message);
};

describe('server layers', () => {
  const server = (file: string) => `packages/server/src/${file}`;

  it('refuses an import of a higher layer and of a neighbour in the same layer', async () => {
    expect(
      await problems(
        server('store/planted.ts'),
        "import { uploadToWire } from '../services/uploads-wire.ts';\n",
      ),
    ).toEqual([
      expect.stringMatching(/^store\/ is in layer \d+ of the server .*: it may not import server\/services$/),
    ]);
    expect(
      await problems(server('search/planted.ts'), "import { NorthHub } from '../north/hub.ts';\n"),
    ).toEqual([expect.stringMatching(/^search\/ is in layer \d+ .* may not import server\/north$/)]);
  });

  it('lets a layer import the layers below it, and anyone the context as a type', async () => {
    expect(
      await problems(
        server('routes/planted.ts'),
        "import { uploadToWire } from '../services/uploads-wire.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(server('services/planted.ts'), "import type { AppContext } from '../context.ts';\n"),
    ).toEqual([]);
    expect(
      await problems(server('services/planted.ts'), "import { createContext } from '../context.ts';\n"),
    ).toEqual(['context.ts is the composition of the whole server: import it as a type only']);
  });
});

describe('GUI layers', () => {
  const gui = (file: string) => `packages/gui/src/${file}`;

  it('refuses an import of a higher layer', async () => {
    expect(
      await problems(
        gui('components/Planted.tsx'),
        "import { SearchPage } from '../features/search/SearchPage.tsx';\n",
      ),
    ).toEqual([
      expect.stringMatching(/^components\/ is in layer 4 of the GUI .*: it may not import gui\/features$/),
    ]);
    expect(
      await problems(gui('core/planted.ts'), "import { useApi } from '../api/ApiProvider.tsx';\n"),
    ).toEqual([expect.stringMatching(/^core\/ is in layer 1 of the GUI .*: it may not import gui\/api$/)]);
    expect(
      await problems(
        gui('features/entry/Planted.tsx'),
        "import { AppLayout } from '../../app/layout/AppLayout.tsx';\n",
      ),
    ).toEqual([expect.stringMatching(/^features\/ is in layer 5 .* may not import gui\/app$/)]);
  });

  it('lets a layer import the layers below it', async () => {
    expect(
      await problems(
        gui('features/entry/Planted.tsx'),
        "import { useApi } from '../../api/ApiProvider.tsx';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        gui('app/Planted.tsx'),
        "import { SearchPage } from '../features/search/SearchPage.tsx';\n",
      ),
    ).toEqual([]);
  });
});

describe('GUI features', () => {
  const feature = (file: string) => `packages/gui/src/features/${file}`;

  it("refuse an import of another feature's insides, and take its public module and their own files", async () => {
    expect(
      await problems(feature('entry/Planted.tsx'), "import { ElnCard } from '../eln/ElnCard.tsx';\n"),
    ).toEqual([
      'a feature imports another only through its public modules (features/eln/index.ts or a page)',
    ]);
    expect(
      await problems(feature('entry/Planted.tsx'), "import { ElnCard } from '../eln/index.ts';\n"),
    ).toEqual([]);
    expect(
      await problems(feature('entry/Planted.tsx'), "import { MaterialCard } from './MaterialCard.tsx';\n"),
    ).toEqual([]);
    expect(
      await problems(
        feature('datasets/Planted.tsx'),
        "import { SearchPage } from '../search/SearchPage.tsx';\n",
      ),
    ).toEqual([]);
  });
});
