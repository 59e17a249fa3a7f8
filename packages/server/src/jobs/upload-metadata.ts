// NOMAD's upload metadata file: a `nomad.json` or `nomad.yaml` at the root of an upload's raw files
// sets user metadata for all entries (top level) or for single entries (`entries` by mainfile).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The entry metadata such a file may set; everything else in it is ignored. */
const ENTRY_KEYS = ['comment', 'references', 'external_id', 'external_db', 'entry_name'] as const;

type EntryUserMetadata = Partial<Record<(typeof ENTRY_KEYS)[number], unknown>>;

export interface UploadMetadataFile {
  /** Metadata for the entry of a mainfile: the file's top level, overridden by its `entries` part. */
  forEntry: (mainfile: string) => EntryUserMetadata;
  /** Problems found in the file, for the upload's errors. */
  problems: string[];
}

const FILE_NAMES = ['nomad.json', 'nomad.yaml', 'nomad.yml'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pickEntryKeys(
  source: Record<string, unknown>,
  where: string,
  problems: string[],
): EntryUserMetadata {
  const picked: EntryUserMetadata = {};
  for (const key of ENTRY_KEYS) {
    const value = source[key];
    if (value === undefined) continue;
    const ok =
      key === 'references'
        ? Array.isArray(value) && value.every((v) => typeof v === 'string')
        : typeof value === 'string';
    if (ok) picked[key] = value;
    else problems.push(`${where}: ${key} must be ${key === 'references' ? 'a list of strings' : 'a string'}`);
  }
  return picked;
}

/** Reads the upload's metadata file, if it has one. */
export async function readUploadMetadata(rawDir: string): Promise<UploadMetadataFile> {
  const problems: string[] = [];
  for (const name of FILE_NAMES) {
    const text = await readFile(path.join(rawDir, name), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let root: unknown;
    try {
      root = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      problems.push(`${name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
    if (!isObject(root)) {
      problems.push(`${name} must contain an object`);
      break;
    }
    const common = pickEntryKeys(root, name, problems);
    const perEntry = new Map<string, EntryUserMetadata>();
    if (isObject(root.entries)) {
      for (const [mainfile, value] of Object.entries(root.entries)) {
        if (isObject(value))
          perEntry.set(mainfile, pickEntryKeys(value, `${name} entries.${mainfile}`, problems));
        else problems.push(`${name}: entries.${mainfile} must be an object`);
      }
    }
    return { forEntry: (mainfile) => ({ ...common, ...perEntry.get(mainfile) }), problems };
  }
  return { forEntry: () => ({}), problems };
}
