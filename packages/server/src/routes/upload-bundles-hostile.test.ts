// Bundles an allowed importer sends that try to reach beyond their own upload: into another user's or a
// DOI dataset, onto entry ids of other uploads, or with dates the database cannot take. Each is refused with
// a 400 or kept to its own upload; nothing already stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { insertDataset } from '../store/datasets.ts';
import { createUser } from '../store/users.ts';
import { apiClient, refusalOf } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { makeZip } from '../testing/zip.ts';

const TIME = '2026-01-02T03:04:05.000Z';

/** A bundle of one published upload with NaCl.cif, by Ada, whose entry is in `datasets`. */
const bundle = (
  uploadId: string,
  options: {
    entryId?: string;
    time?: string;
    datasets?: { dataset_id: string; dataset_name: string; doi: string | null }[];
  } = {},
) => {
  const entryId = options.entryId ?? generateEntryId(uploadId, 'NaCl.cif');
  const datasets = options.datasets ?? [];
  const info = {
    upload_id: uploadId,
    source: { deployment_url: 'http://elsewhere.test/nomad-oasis/api', version: 'test' },
    export_settings: { include_raw_files: true, include_archive_files: true, include_datasets: true },
    upload: {
      upload_id: uploadId,
      upload_name: 'Imported',
      upload_create_time: options.time ?? TIME,
      main_author: 'ada-elsewhere',
      coauthors: [],
      reviewers: [],
      published: true,
      publish_time: TIME,
      embargo_length: 0,
      license: 'CC BY 4.0',
    },
    entries: [
      {
        entry_id: entryId,
        mainfile: 'NaCl.cif',
        parser_name: 'parsers/cif',
        entry_create_time: TIME,
        complete_time: TIME,
        metadata: { entry_id: entryId, mainfile: 'NaCl.cif' },
        user_metadata: {},
        warnings: [],
        datasets: datasets.map((dataset) => dataset.dataset_id),
      },
    ],
    datasets: datasets.map((dataset) => ({
      ...dataset,
      user_id: 'ada-elsewhere',
      dataset_create_time: TIME,
      dataset_type: 'owned',
    })),
    users: [
      {
        user_id: 'ada-elsewhere',
        email: 'ada@example.org',
        username: 'ada',
        first_name: 'Ada',
        last_name: 'Importer',
      },
    ],
  };
  return makeZip({
    'bundle_info.json': JSON.stringify(info),
    'raw/NaCl.cif': naclCif,
    [`archive/${entryId}.json`]: JSON.stringify({ metadata: { entry_id: entryId } }),
  });
};

describe('hostile bundles', () => {
  let server: TestServer;
  let admin = '';
  let doraId = '';
  const importBundle = (body: Buffer) =>
    apiClient(server, admin).upload('uploadBundleImport', new Blob([body]), {});
  const datasetEntries = async (datasetId: string) =>
    (
      await server.ctx.db.query<{ entry_id: string }>(
        'SELECT entry_id FROM dataset_entries WHERE dataset_id = $1',
        [datasetId],
      )
    ).rows.map((row) => row.entry_id);

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.ctx.db, {
      username: 'central',
      password: 'central-password',
      email: 'central@example.org',
      is_admin: true,
    });
    admin = (
      await apiClient(server).call('authToken', {
        query: { username: 'central', password: 'central-password' },
      })
    ).access_token;
    const dora = await createUser(server.ctx.db, {
      username: 'dora',
      password: 'dora-password',
      email: 'dora@example.org',
    });
    doraId = dora.user_id;
    await insertDataset(server.ctx.db, {
      dataset_id: 'dora-dataset',
      dataset_name: 'Dora data',
      user_id: doraId,
      dataset_type: 'owned',
    });
  });
  afterAll(async () => server.close());

  it('cannot add entries to another user’s dataset or to a DOI dataset', async () => {
    const ada = await createUser(server.ctx.db, {
      username: 'ada',
      password: 'ada-password',
      email: 'ada@example.org',
    });
    await insertDataset(server.ctx.db, {
      dataset_id: 'ada-doi',
      dataset_name: 'Ada frozen',
      user_id: ada.user_id,
      dataset_type: 'owned',
      doi: '10.1234/frozen',
    });
    const uploadId = 'hostile-datasets';
    const answer = await importBundle(
      bundle(uploadId, {
        datasets: [
          { dataset_id: 'dora-dataset', dataset_name: 'Dora data', doi: null },
          { dataset_id: 'ada-doi', dataset_name: 'Ada frozen', doi: '10.1234/frozen' },
        ],
      }),
    );
    expect(answer.upload_id).toBe(uploadId);
    expect(await datasetEntries('dora-dataset')).toEqual([]);
    expect(await datasetEntries('ada-doi')).toEqual([]);
    // The entry is in two new datasets of Ada's instead; the frozen one's name is taken, the copy says whence.
    const { rows } = await server.ctx.db.query<{ dataset_name: string; user_id: string; doi: string | null }>(
      `SELECT d.dataset_name, d.user_id, d.doi FROM dataset_entries ed JOIN datasets d USING (dataset_id)
       WHERE ed.entry_id = $1 ORDER BY d.dataset_name`,
      [generateEntryId(uploadId, 'NaCl.cif')],
    );
    expect(rows).toEqual([
      { dataset_name: 'Ada frozen (upload hostile-datasets)', user_id: ada.user_id, doi: null },
      { dataset_name: 'Dora data', user_id: ada.user_id, doi: null },
    ]);
  });

  it('refuses entry ids that are not those of the upload’s mainfiles, and dates that are none', async () => {
    const squatted = generateEntryId('someone-elses-upload', 'NaCl.cif');
    expect(await refusalOf(importBundle(bundle('hostile-ids', { entryId: squatted })))).toEqual([
      400,
      { detail: `The entry id ${squatted} is not the one of NaCl.cif in this upload.` },
    ]);
    expect(await refusalOf(importBundle(bundle('hostile-dates', { time: '2026-13-45T99:99:99Z' })))).toEqual([
      400,
      { detail: 'Invalid bundle_info.json: 2026-13-45T99:99:99Z is no date.' },
    ]);
    const { rows } = await server.ctx.db.query('SELECT upload_id FROM uploads WHERE upload_id LIKE $1', [
      'hostile-%',
    ]);
    expect(rows).toEqual([{ upload_id: 'hostile-datasets' }]);
  });
});
