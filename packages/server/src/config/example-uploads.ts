import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ExampleUpload } from '@oasis/schema';
import { ConfigError } from './config-schema.ts';

/** An example upload 'Add Example Uploads' offers; `path` (a folder or zip file) stays on the server. */
export interface ExampleUploadConfig {
  id: string;
  title: string;
  description: string;
  category: string;
  path: string;
}

/** An example upload as NOMAD's env and info list it (an entry point); its server path stays out. */
export const exampleUploadEntryPoint = ({
  id,
  title,
  description,
  category,
}: ExampleUploadConfig): ExampleUpload => ({
  id,
  entry_point_type: 'example_upload',
  title,
  description,
  category,
});

/** The examples that ship with the server, in packages/server/examples. */
const BUILT_IN_DIR = path.resolve(import.meta.dirname, '../../examples');

const builtIn = (id: string, folder: string, title: string, description: string): ExampleUploadConfig => ({
  id: `oasis_examples/${id}`,
  title,
  description,
  category: 'Basic examples',
  path: path.join(BUILT_IN_DIR, folder),
});

const BUILT_IN: readonly ExampleUploadConfig[] = [
  builtIn(
    'vasp',
    'vasp',
    'Electronic structure code input and output files',
    'Two small *VASP* calculations (`vasprun.xml`): a band structure of silicon and a relaxation of ' +
      'GaAs. The parser reads method, system, energies and bands from the output files.\n',
  ),
  builtIn(
    'structures',
    'structures',
    'Crystal and molecular structures',
    'Structure files as they come from other tools: a *CIF* of rock salt, a *POSCAR* of silicon and ' +
      'an *XYZ* file of a water molecule. Each becomes an entry with its material.\n',
  ),
  builtIn(
    'notebook',
    'notebook',
    'Electronic Lab Notebook',
    'Lab notebook entries written as NOMAD archive files (`*.archive.json`): a thin-film sample with ' +
      'its preparation, and a measurement taken on it.\n',
  ),
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** An `example_upload` entry point of nomad.yaml; its local_path is relative to the file's folder. */
const fromOption = (key: string, option: Record<string, unknown>, configDir: string): ExampleUploadConfig => {
  const at = `plugins.entry_points.options.${key}`;
  const text = (name: string) => {
    const value = option[name];
    if (typeof value !== 'string' || value.trim() === '')
      throw new ConfigError(`Invalid example upload ${at}: ${name} must be a non-empty string.`);
    return value;
  };
  const examplePath = path.resolve(configDir, text('local_path'));
  if (!existsSync(examplePath))
    throw new ConfigError(`Invalid example upload ${at}: local_path ${examplePath} does not exist.`);
  const id = typeof option.id === 'string' && option.id !== '' ? option.id : key;
  return {
    id,
    title: text('title'),
    description: text('description'),
    category: text('category'),
    path: examplePath,
  };
};

/**
 * The example uploads of this installation: the built-in ones and the `example_upload` entry points of
 * nomad.yaml's `plugins.entry_points.options` (same id: the file's wins), then NOMAD's `include` (when
 * given, only these ids) and `exclude`.
 */
export const readExampleUploads = (
  plugins: Record<string, unknown>,
  configFile: string | undefined,
): ExampleUploadConfig[] => {
  const entryPoints = isRecord(plugins.entry_points) ? plugins.entry_points : {};
  const options = isRecord(entryPoints.options) ? entryPoints.options : {};
  const configDir = configFile ? path.dirname(configFile) : process.cwd();
  const byId = new Map(BUILT_IN.map((example) => [example.id, example]));
  for (const [key, option] of Object.entries(options)) {
    if (!isRecord(option) || option.entry_point_type !== 'example_upload') continue;
    const example = fromOption(key, option, configDir);
    byId.set(example.id, example);
  }
  const include = stringList(entryPoints.include);
  const exclude = stringList(entryPoints.exclude) ?? [];
  return [...byId.values()].filter(
    (example) => (!include?.length || include.includes(example.id)) && !exclude.includes(example.id),
  );
};
