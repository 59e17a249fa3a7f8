// Every schema and data file of the shared notebook samples, uploaded and processed through the API as a
// user would (one upload per sample folder: their references are relative to it), read back and compared
// with what NOMAD stored for the same files where its recordings have them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitProcessed } from '../../testing/http.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createUserWithToken } from '../../testing/users.ts';
import { makeZipOf } from '../../testing/zip.ts';

const shared = join(import.meta.dirname, '../../../../../../shared');
const samples = join(shared, 'samples/eln');
const recordings = join(shared, 'nomad-reference/recordings');
const available = existsSync(samples) && existsSync(recordings);

const ARCHIVE = /\.archive\.(json|ya?ml)$/;

/** Files that are meant to fail, and why (the test checks that their log says it). */
const EXPECTED_FAILURES: Record<string, RegExp> = {
  'examples/data/custom-schema/with-problems.archive.yaml':
    /MySection: the base section "doesnotexist" cannot be resolved.*MySection\.my_quantity: unknown type 'doesnotexist'.*MySection\.reference: the referenced section '#\/doesnotexist' cannot be resolved.*MySection\.wo_sub_section: the sub-section has no section definition.*MySection\.unresolvable_sub_section: the sub-section's section '#\/doesnotexist' cannot be resolved/,
  // NOMAD's documentation shows this one failing: its data names a section the schema does not define.
  'examples/docs/inheritance/hello.archive.yaml':
    /could not resolve the section definition of data \(m_def 'MyData'\)/,
};

/**
 * These schemas name NOMAD's own test upload and entry ids (../upload/references_upload_id1/archive/...),
 * which no other installation has.
 */
const NOMAD_TEST_IDS = 'examples/data/references/upload2';

/**
 * Recordings of a notebook sample NOMAD filled further: its tabular parser read a process CSV of NOMAD's
 * own test data (45 rows; the sample folder's PVDProcess.csv has 9,660, tabular.test.ts reads it) and its
 * normalizers added figures and the time of creation.
 */
const FILLED_BY_TABULAR_PARSER = [
  'entry/eln-author.json',
  'entry/eln-author-edit.json',
  'entry/eln-reviewer.json',
];

const folders = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path, ...folders(path)] : [];
  });

/** Sample folders with archive files, each an upload of its archive files and small companions. */
const uploads = (): { folder: string; files: string[] }[] =>
  available
    ? folders(samples)
        .filter((folder) => relative(samples, folder) !== NOMAD_TEST_IDS)
        .map((folder) => ({
          folder,
          files: readdirSync(folder).filter((name) => {
            const path = join(folder, name);
            return statSync(path).isFile() && (ARCHIVE.test(name) || statSync(path).size < 100_000);
          }),
        }))
        .filter(({ files }) => files.some((name) => ARCHIVE.test(name)))
    : [];

const withoutParentKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutParentKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'm_parent_index' && key !== 'm_parent_sub_section')
      .map(([key, item]) => [key, withoutParentKeys(item)]),
  );
};

interface RecordedArchive {
  metadata: { mainfile: string };
  definitions?: unknown;
  data?: unknown;
}

/** The archives NOMAD's recordings hold, by recording. */
const recordedArchives = (): [string, RecordedArchive][] => {
  const found: [string, RecordedArchive][] = [];
  for (const group of readdirSync(recordings)) {
    const dir = join(recordings, group);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
      const recorded: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      if (typeof recorded !== 'object' || recorded === null || Array.isArray(recorded)) continue;
      for (const calls of Object.values(recorded)) {
        if (!Array.isArray(calls)) continue;
        for (const call of calls as { response?: { body?: { data?: { archive?: RecordedArchive } } } }[]) {
          const archive = call.response?.body?.data?.archive;
          if (archive?.metadata?.mainfile) found.push([`${group}/${name}`, archive]);
        }
      }
    }
  }
  return found;
};

describe.skipIf(!available)('the shared notebook samples (needs ../shared/samples/eln)', () => {
  let server: TestServer;
  let alice: string;
  let api: ApiClient;
  /** Processed archives by sample path ('examples/data/eln/schema.archive.yaml'). */
  const archives = new Map<string, Record<string, unknown>>();
  const failures = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    api = apiClient(server, alice);
    for (const { folder, files } of uploads()) {
      const zip = makeZipOf(files.map((name) => [name, readFileSync(join(folder, name))] as const));
      const { upload_id: uploadId } = await api
        .upload('uploadCreate', new Blob([zip]), { query: { file_name: 'samples.zip' } })
        .catch((error: unknown) => {
          throw new Error(`${folder}: ${String(error)}`);
        });
      await waitProcessed(server, uploadId, alice);
      const upload = { upload_id: uploadId };
      const { data: entries } = await api.call('uploadEntries', {
        params: upload,
        query: { page_size: 100 },
      });
      for (const entry of entries) {
        const path = relative(samples, join(folder, entry.mainfile));
        if (entry.process_status !== 'SUCCESS') {
          failures.set(path, entry.errors.join('; '));
          continue;
        }
        const { data } = await api.call('entryArchive', { params: { entry_id: entry.entry_id } });
        archives.set(path, data.archive);
      }
      // A user may keep only so many unpublished uploads.
      await api.call('uploadDelete', { params: upload });
      await waitProcessed(server, uploadId, alice).catch(() => undefined);
    }
  }, 120_000);
  afterAll(async () => server?.close());

  it('processes every schema and data file, and fails the ones meant to fail with the reason', () => {
    expect(archives.size).toBeGreaterThan(50);
    for (const [path, reason] of Object.entries(EXPECTED_FAILURES))
      expect(failures.get(path)).toMatch(reason);
    const unexpected = [...failures].filter(([path]) => !(path in EXPECTED_FAILURES));
    expect(unexpected).toEqual([]);
  });

  it('types data by its schema, resolving inherited quantities and polymorphic sub-sections', () => {
    const polymorphy = archives.get('examples/data/custom-schema/polymorphy.archive.yaml');
    expect(polymorphy?.metadata).toMatchObject({ entry_type: 'Sample' });
    expect(polymorphy?.data).toMatchObject({
      m_def: '#/definitions/section_definitions/2',
      substances: [
        { name: 'A' },
        { m_def: '#/definitions/section_definitions/1', name: 'Water', formula: 'H2O' },
      ],
    });
    // Inherited from a section of another file of the upload, and from a built-in base section.
    const specialized = archives.get('examples/docs/inheritance/specialized.archive.yaml');
    expect(specialized?.metadata).toMatchObject({ entry_type: 'Sample' });
    const chemical = archives.get('examples/data/eln/Zinc_Selenide.archive.json');
    expect(chemical?.data).toMatchObject({ name: 'Zinc Selenide' });
    // A number written with a unit is stored in the quantity's unit.
    const element = archives.get('examples/data/custom-schema/intra-entry.archive.yaml');
    expect(element?.data).toMatchObject({ properties: { density: 0.00008988 } });
  });

  it("stores schemas and data as NOMAD's recordings show them", () => {
    let compared = 0;
    for (const [recording, recorded] of recordedArchives()) {
      if (FILLED_BY_TABULAR_PARSER.includes(recording)) continue;
      const candidates = [...archives].filter(([path]) => basename(path) === recorded.metadata.mainfile);
      for (const key of ['definitions', 'data'] as const) {
        if (recorded[key] === undefined) continue;
        const expected = withoutParentKeys(recorded[key]);
        // The same file name may stand in several sample folders, and NOMAD's later versions write
        // schemas differently (unit names, enum kinds): one sample's must be equal.
        const matching = candidates.filter(
          ([, archive]) => JSON.stringify(sorted(archive[key])) === JSON.stringify(sorted(expected)),
        );
        if (key === 'definitions' && !recording.startsWith('uploads/archive_browser_test')) continue;
        if (candidates.length === 0) continue;
        expect(matching.length, `${recording}: ${recorded.metadata.mainfile} ${key}`).toBeGreaterThan(0);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(15);
  });
});

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
};
