import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nexusHdf5 } from '../testing/hdf5-samples.ts';
import { apiClient, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

/**
 * NeXus files through the server: the parser process reads them where they lie, a damaged one fails its
 * own entry, a text file named .nxs stays a raw file, and the search finds the NeXus entries by domain.
 */
describe('NeXus uploads', () => {
  let server: TestServer;
  let token: string;
  let api: ApiClient;
  let uploadId: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'nexus-author');
    api = apiClient(server, token);
    const scan = await nexusHdf5({ definitions: ['NXmpes'], formula: 'Fe2O3' });
    const files = {
      'xps/scan.nxs': scan,
      'xps/cut.nxs': scan.subarray(0, 700),
      'xps/notes.nxs': 'beamtime notes, not HDF5\n',
    };
    ({ upload_id: uploadId } = await api.upload('uploadCreate', new Blob([makeZip(files)]), {
      query: { file_name: 'xps.zip' },
    }));
    await waitProcessed(server, uploadId, token);
  });
  afterAll(async () => server?.close());

  it('makes an entry of each HDF5 .nxs file and fails only the damaged one', async () => {
    const { data } = await api.call('uploadEntries', {
      params: { upload_id: uploadId },
      query: { page_size: 10 },
    });
    const byMainfile = Object.fromEntries(data.map((entry) => [entry.mainfile, entry]));
    expect(Object.keys(byMainfile).sort()).toEqual(['xps/cut.nxs', 'xps/scan.nxs']);
    expect(byMainfile['xps/scan.nxs']).toMatchObject({
      process_status: 'SUCCESS',
      parser_name: 'parsers/nexus',
    });
    const { data: scan } = await api.call('entryById', {
      params: { entry_id: byMainfile['xps/scan.nxs']!.entry_id },
    });
    expect(scan).toMatchObject({
      entry_type: 'Mpes Experiment',
      domain: 'nexus',
      results: { material: { chemical_formula_hill: 'Fe2O3', elements: ['Fe', 'O'] } },
    });
    expect(byMainfile['xps/cut.nxs']?.process_status).toBe('FAILURE');
    expect(byMainfile['xps/cut.nxs']?.errors?.join(' ')).toMatch(
      /cut\.nxs is cut short: it has 700 bytes, its HDF5 superblock says \d+ bytes/,
    );
  });

  it('finds the NeXus entries by their domain', async () => {
    const { data } = await api.call('entriesQuery', {
      body: { owner: 'user', query: { domain: 'nexus' }, required: { include: ['mainfile'] } },
    });
    expect(data.map((entry) => entry.mainfile)).toEqual(['xps/scan.nxs']);
  });
});
