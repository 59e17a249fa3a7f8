// Which folder may import which, declared once and checked by ESLint (eslint-plugin-boundaries) in
// `npm run lint`. docs/architecture.md explains the layers.
import boundaries from 'eslint-plugin-boundaries';

/**
 * The server's folders from the bottom up. A folder imports its own files and those of lower layers,
 * never a higher layer's nor a neighbour's in the same layer. 'base' is errors.ts, version.ts and
 * body-depth.ts; 'app' is the composition (app.ts, server.ts, main.ts); context.ts, the application
 * context's type, may be imported as a type from anywhere.
 */
const SERVER_LAYERS = [
  ['base', 'time', 'types', 'logging'],
  ['config', 'http'],
  ['db', 'security', 'admission', 'mail', 'rdf', 'datacite'],
  ['files'],
  ['processing'],
  ['structure-files', 'resources'],
  ['store'],
  ['auth'],
  ['users', 'search', 'north'],
  ['jobs'],
  ['services'],
  ['routes'],
  ['app', 'cli'],
  // Test support: servers, databases and callers for the test files.
  ['testing'],
];

const SERVER = 'packages/server/src';
const ROOT_FILES = {
  base: ['errors.ts', 'version.ts', 'body-depth.ts'],
  app: ['app.ts', 'server.ts', 'main.ts'],
  context: ['context.ts'],
};

const serverType = (name) => `server/${name}`;

const serverElements = [
  ...Object.entries(ROOT_FILES).map(([name, files]) => ({
    type: serverType(name),
    pattern: files.map((file) => `${SERVER}/${file}`),
    mode: 'full',
  })),
  ...SERVER_LAYERS.flat()
    .filter((name) => !(name in ROOT_FILES))
    .map((name) => ({ type: serverType(name), pattern: `${SERVER}/${name}/**`, mode: 'full' })),
];

/** For each folder, the folders above it or beside it: what it must not import. */
const serverRules = SERVER_LAYERS.flatMap((layer, level) =>
  layer.map((name) => ({
    from: { type: serverType(name) },
    disallow: {
      to: {
        type: SERVER_LAYERS.flatMap((other, otherLevel) =>
          otherLevel > level ? other : otherLevel === level ? other.filter((x) => x !== name) : [],
        ).map(serverType),
      },
    },
    message: `${name}/ is in layer ${level + 1} of the server (boundaries.config.js): it may not import {{ to.type }}`,
  })),
);

/**
 * The GUI's folders from the bottom up, as the server's: core/ (runtime configuration, the error snackbar,
 * lazy pages), auth/ (the login), api/ (the client's React side: provider, query hooks, artifacts),
 * components/ (shared), features/ (one folder per product area), app/ (the shell: layout, routes, menu)
 * with main.tsx. A feature may use another only through its public module (featureRule).
 */
const GUI_LAYERS = [['core'], ['auth'], ['api'], ['components'], ['features'], ['app']];

const GUI = 'packages/gui/src';
const guiType = (name) => `gui/${name}`;

const guiElements = [
  ...GUI_LAYERS.flat()
    .filter((name) => name !== 'features')
    .map((name) => ({ type: guiType(name), pattern: `${GUI}/${name}/**`, mode: 'full' })),
  // Each feature an element of its own, so that one feature's files are internal to it and another's not.
  { type: guiType('features'), pattern: `${GUI}/features/*`, mode: 'folder', capture: ['feature'] },
  { type: guiType('app'), pattern: `${GUI}/main.tsx`, mode: 'full' },
];

/**
 * A feature uses another only through its public modules: the index.ts that says what others may use, and
 * its pages (*Page.tsx), which the app routes to and another feature may embed whole. A page stays a module
 * of its own, not an export of index.ts: the router loads each page as a chunk whose entry it is.
 */
const featureRule = {
  from: { type: guiType('features') },
  disallow: {
    to: { type: guiType('features'), internalPath: '!{index.ts,*Page.tsx}' },
  },
  message:
    'a feature imports another only through its public modules (features/{{ to.captured.feature }}/index.ts or a page)',
};

const guiRules = GUI_LAYERS.flatMap((layer, level) =>
  layer.map((name) => ({
    from: { type: guiType(name) },
    disallow: {
      to: {
        type: GUI_LAYERS.slice(level + 1)
          .flat()
          .map(guiType),
      },
    },
    message: `${name}/ is in layer ${level + 1} of the GUI (boundaries.config.js): it may not import {{ to.type }}`,
  })),
);

export const boundaryConfigs = [
  {
    files: [`${SERVER}/**/*.ts`, `${SERVER}/**/*.mjs`],
    // Tests may use the test support of any layer.
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': serverElements,
      'boundaries/include': [`${SERVER}/**`],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          rules: [
            ...serverRules,
            {
              from: { type: SERVER_LAYERS.flat().map(serverType) },
              disallow: { to: { type: serverType('context') }, dependency: { kind: 'value' } },
              message: 'context.ts is the composition of the whole server: import it as a type only',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${GUI}/**/*.{ts,tsx}`],
    // Tests and their support (harnesses, fakes, fixtures) render the whole app around what they test.
    ignores: ['**/*.test.{ts,tsx}', '**/test*.{ts,tsx}', '**/*Testing.tsx', '**/fake*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': guiElements,
      'boundaries/include': [`${GUI}/**`],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', rules: [...guiRules, featureRule] }] },
  },
];
