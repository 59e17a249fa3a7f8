// The example uploads that ship with the server (packages/server/examples), created through POST /uploads
// and processed by the real server: every file of them becomes a successful entry.
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('example uploads', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ uploadLimit: 3 });
    alice = await createUserWithToken(server, 'alice');
    aliceApi = apiClient(server, alice);
  });
  afterAll(async () => server?.close());

  const create = (id: string, api = aliceApi) =>
    api.call('uploadCreate', { query: { example_upload_id: id } });

  it('are offered to the GUI as entry points, without their server paths', async () => {
    // raw: the GUI's env.js, no path of the API.
    const script = await (await fetch(`${server.origin}/nomad-oasis/gui/env.js`)).text();
    const env = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
      plugins: { entry_points: { options: Record<string, Record<string, unknown>> } };
    };
    const options = env.plugins.entry_points.options;
    expect(Object.keys(options)).toEqual([
      'oasis_examples/vasp',
      'oasis_examples/structures',
      'oasis_examples/notebook',
    ]);
    expect(Object.keys(options['oasis_examples/vasp']!).sort()).toEqual([
      'category',
      'description',
      'entry_point_type',
      'id',
      'title',
    ]);
    expect(options['oasis_examples/notebook']).toMatchObject({
      entry_point_type: 'example_upload',
      title: 'Electronic Lab Notebook',
      category: 'Basic examples',
    });
  });

  it.each([
    ['oasis_examples/vasp', ['GaAs-relax/vasprun.xml', 'Si-bands/vasprun.xml'], 'parsers/vasp'],
    ['oasis_examples/structures', ['NaCl.cif', 'Si.POSCAR', 'water.xyz'], undefined],
    ['oasis_examples/notebook', ['measurement.archive.json', 'sample.archive.json'], 'parsers/archive'],
  ])('%s becomes an upload whose files are all processed', async (id, mainfiles, parser) => {
    const { upload_id: uploadId, data } = await create(id);
    expect(data.upload_name).toBeTruthy();
    expect((await waitProcessed(server, uploadId, alice)).process_status).toBe('SUCCESS');
    const entries = await aliceApi.call('uploadEntries', { params: { upload_id: uploadId } });
    expect(entries.data.map((entry) => entry.mainfile).sort()).toEqual(mainfiles);
    expect(entries.data.every((entry) => entry.process_status === 'SUCCESS')).toBe(true);
    if (parser) expect(new Set(entries.data.map((entry) => entry.parser_name))).toEqual(new Set([parser]));
    // Served (a refusal would throw).
    await aliceApi.file('uploadRawFile', { params: { upload_id: uploadId, path: 'README.md' } });
  });

  it('count against the limit of unpublished uploads, and unknown ids are refused', async () => {
    expect(await refusalOf(create('oasis_examples/vasp'))).toEqual([
      400,
      { detail: 'Limit of unpublished uploads exceeded for user.' },
    ]);
    const bob = apiClient(server, await createUserWithToken(server, 'bob'));
    expect(await refusalOf(create('../../etc', bob))).toEqual([
      400,
      { detail: "There is no example upload with the id '../../etc'." },
    ]);
    expect((await refusalOf(create('oasis_examples/vasp', apiClient(server))))[0]).toBe(401);
    const listed = await bob.call('uploadsList');
    expect(listed.pagination.total).toBe(0);
  });
});
