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
];
