import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError } from './config-schema.ts';

const BUILT_IN = ['oasis_examples/vasp', 'oasis_examples/structures', 'oasis_examples/notebook'];

describe('example uploads in the configuration', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Loads the configuration from a nomad.yaml with `yaml`, next to a folder `lab-example`. */
  const configWith = (yaml: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-examples-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'lab-example'));
    writeFileSync(path.join(dir, 'nomad.yaml'), yaml);
    return { dir, config: loadConfig({ OASIS_CONFIG: path.join(dir, 'nomad.yaml') }) };
  };

  const labExample = (extra = '') => `plugins:
  entry_points:
${extra}    options:
      lab:
        entry_point_type: example_upload
        id: lab/example
        title: Our lab
        description: What we measure.
        category: Lab
        local_path: lab-example
      vasp_parser:
        entry_point_type: parser
        name: parsers/vasp
`;

  it('ships the built-in examples, whose folders exist', () => {
    const { exampleUploads } = loadConfig({});
    expect(exampleUploads.map((example) => example.id)).toEqual(BUILT_IN);
    expect(exampleUploads.every((example) => existsSync(example.path))).toBe(true);
  });

  it("adds nomad.yaml's example_upload entry points, with paths relative to the file", () => {
    const { dir, config } = configWith(labExample());
    expect(config.exampleUploads.map((example) => example.id)).toEqual([...BUILT_IN, 'lab/example']);
    expect(config.exampleUploads.at(-1)).toEqual({
      id: 'lab/example',
      title: 'Our lab',
      description: 'What we measure.',
      category: 'Lab',
      path: path.join(dir, 'lab-example'),
    });
  });

  it("applies NOMAD's include and exclude by id", () => {
    const included = configWith(labExample('    include: [lab/example, oasis_examples/vasp]\n')).config;
    expect(included.exampleUploads.map((example) => example.id)).toEqual([
      'oasis_examples/vasp',
      'lab/example',
    ]);
    const excluded = configWith(labExample('    exclude: [oasis_examples/vasp, lab/example]\n')).config;
    expect(excluded.exampleUploads.map((example) => example.id)).toEqual(BUILT_IN.slice(1));
  });

  it('stops the start on an example without its fields or its files', () => {
    expect(() => configWith(labExample().replace('        title: Our lab\n', ''))).toThrow(
      new ConfigError(
        'Invalid example upload plugins.entry_points.options.lab: title must be a non-empty string.',
      ),
    );
    expect(() => configWith(labExample().replace('local_path: lab-example', 'local_path: missing'))).toThrow(
      /local_path .*missing does not exist/,
    );
    expect(() => configWith('plugins:\n  entry_points:\n    include: oasis_examples/vasp\n')).toThrow(
      ConfigError,
    );
  });
});
