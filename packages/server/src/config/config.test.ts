import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configProblems, UiConfigSchema, problemLine } from '@oasis/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, NomadYamlSchema } from './config-schema.ts';
import { buildEnvConfig } from './env-config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const reference = path.resolve(repoRoot, '../shared/nomad-reference');
const haveReference = existsSync(path.join(reference, 'env.json'));

const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the text as a nomad.yaml in a folder of its own and returns its path. */
const configFile = (text: string) => {
  const file = path.join(mkdtempSync(path.join(dir, 'case-')), 'nomad.yaml');
  writeFileSync(file, text);
  return file;
};
const load = (text: string) => loadConfig({ OASIS_CONFIG: configFile(text) });
const failure = (text: string): string => {
  const file = configFile(text);
  try {
    loadConfig({ OASIS_CONFIG: file });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.replaceAll(file, '<file>');
  }
  throw new Error('the configuration loaded');
};

const app = (widgets: string) => `
ui:
  apps:
    options:
      entries:
        label: Entries
        path: entries
        resource: entries
        category: All
        dashboard:
          widgets:
${widgets}`;

describe('nomad.yaml validation at start', () => {
  it('names the file, each key path and what was expected, one line per problem', () => {
    const message = failure(
      app(`            - {type: terms, search_quantity: results.material.structural_type}
            - {type: pie, search_quantity: a}
            - {type: histogram, x: {search_quantity: a}, scale: sqrt, y: {scale: sqrt}}
            - {type: terms, scale: log}
            - a widget`),
    );
    expect(message.split('\n')).toEqual([
      'Invalid configuration in <file>:',
      '  ui.apps.options.entries.dashboard.widgets[1].type: expected one of terms, histogram, scatter_plot, scatterplot, periodic_table, periodictable, got "pie"',
      '  ui.apps.options.entries.dashboard.widgets[2].y.scale: expected one of linear, log, 1/2, 1/4, 1/8, got "sqrt"',
      '  ui.apps.options.entries.dashboard.widgets[3].search_quantity: missing, expected a non-empty string',
      '  ui.apps.options.entries.dashboard.widgets[4]: expected an object, got "a widget"',
    ]);
  });

  it('refuses wrong types elsewhere: sections, app fields, server keys', () => {
    expect(failure('ui: 5\nservices: [8000]\n').split('\n')).toEqual([
      'Invalid configuration in <file>:',
      '  services: expected an object, got a list',
      '  ui: expected an object, got 5',
    ]);
    expect(
      failure(
        'services:\n  api_port: "8000"\nprocess:\n  parser_time_limit: 0\nui:\n  apps:\n    options:\n      x: {label: X, path: x, resource: uploads, category: c, columns: [{title: T}]}\n',
      ).split('\n'),
    ).toEqual([
      'Invalid configuration in <file>:',
      '  services.api_port: expected an integer, got "8000"',
      '  process.parser_time_limit: expected more than 0, got 0',
      '  ui.apps.options.x.resource: expected one of entries, materials, got "uploads"',
      '  ui.apps.options.x.columns[0].search_quantity: missing, expected a non-empty string',
    ]);
  });

  it('lists at most ten problems', () => {
    const widgets = Array.from(
      { length: 12 },
      () => '            - {type: terms, search_quantity: a, scale: 2}',
    );
    const lines = failure(app(widgets.join('\n'))).split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[10]).toBe(
      '  ui.apps.options.entries.dashboard.widgets[9].scale: expected one of linear, log, 1/2, 1/4, 1/8, got 2',
    );
    expect(lines[11]).toBe('  ... and 2 more problems');
  });

  it('refuses a file that is not a mapping or not YAML', () => {
    expect(failure('- ui\n- services\n')).toBe(
      'Invalid configuration in <file>: expected a mapping of keys at the top level.',
    );
    expect(failure('ui: [\n')).toMatch(/^Cannot read <file>: /);
  });

  it('fills in the widget defaults and keeps keys NOMAD has that this server ignores', () => {
    const config = load(
      `elastic:\n  entries_index: x\nservices:\n  upload_members_group_search_enabled: true\nmeta:\n  version: 1.3\n  beta: {label: beta}\n${app(
        '            - {type: terms, search_quantity: a}\n            - {type: periodictable}\n            - {type: histogram, x: b}',
      )}`,
    );
    expect(config.version.label).toBe('1.3');
    expect(config.ui.apps?.options.entries?.dashboard?.widgets).toEqual([
      { type: 'terms', search_quantity: 'a', scale: 'linear', show_input: true },
      { type: 'periodictable', search_quantity: 'results.material.elements', scale: 'linear' },
      {
        type: 'histogram',
        x: 'b',
        y: { scale: 'linear' },
        nbins: 30,
        autorange: false,
        show_input: true,
      },
    ]);
  });

  it('reads the admission queues, half the slots per caller by default, and at most two hashes at once', () => {
    const config = load(
      'services:\n  admission:\n    heavy_slots: 6\n    queue_per_caller: 3\n    retry_after: 9\n',
    );
    expect(config.admission).toMatchObject({
      heavySlots: 6,
      callerSlots: 3,
      queuePerCaller: 3,
      queueTotal: 64,
      retryAfterSeconds: 9,
    });
    expect([1, 2]).toContain(config.admission.passwordHashes);
    expect(failure('services:\n  admission:\n    password_hashes: 3\n')).toMatch(
      /services\.admission\.password_hashes/,
    );
  });

  it('accepts the shipped defaults', () => {
    const { ui } = buildEnvConfig(loadConfig({ OASIS_CONFIG: '' }));
    expect(configProblems(UiConfigSchema, ui, 'form').map(problemLine)).toEqual([]);
    expect(configProblems(NomadYamlSchema, { ui }, 'config').map(problemLine)).toEqual([]);
  });

  describe.skipIf(!haveReference)(`NOMAD's configuration (needs ${reference})`, () => {
    it("accepts NOMAD's env.json ui and its nomad.yaml", () => {
      const env = JSON.parse(readFileSync(path.join(reference, 'env.json'), 'utf8')) as { ui: unknown };
      // JSON is YAML: the GUI config NOMAD serves, written back as the ui of a nomad.yaml.
      const config = load(JSON.stringify({ ui: env.ui }));
      expect(Object.keys(config.ui.apps?.options ?? {})).toEqual([
        'entries',
        'calculations',
        'materials',
        'eln',
        'eels',
      ]);
      expect(loadConfig({ OASIS_CONFIG: path.join(reference, 'nomad.yaml') }).keycloak.realm).toBe(
        'fairdi_nomad_test',
      );
    });
  });
});

const run = (script: string, args: string[], file: string) =>
  new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        OASIS_CONFIG: file,
        OASIS_DATA_DIR: path.join(dir, 'data'),
        OASIS_DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });

describe('starting with a bad nomad.yaml', () => {
  const bad = app('            - {type: terms, search_quantity: a, scale: sqrt}');
  const expected =
    '  ui.apps.options.entries.dashboard.widgets[0].scale: expected one of linear, log, 1/2, 1/4, 1/8, got "sqrt"';

  it('stops the server before it starts, with the problems', async () => {
    const file = configFile(bad);
    const { code, stderr } = await run('packages/server/src/main.ts', [], file);
    expect(code).toBe(1);
    expect(stderr).toBe(`Invalid configuration in ${file}:\n${expected}\n`);
  }, 30_000);

  it('stops a CLI command', async () => {
    const file = configFile(bad);
    const { code, stderr } = await run('packages/server/src/cli/main.ts', ['users', 'list'], file);
    expect(code).toBe(1);
    expect(stderr).toContain(`Invalid configuration in ${file}:\n${expected}\n`);
  }, 30_000);
});
