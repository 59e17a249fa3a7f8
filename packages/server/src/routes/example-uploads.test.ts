// The example uploads that ship with the server (packages/server/examples), created through POST /uploads
// and processed by the real server: every file of them becomes a successful entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

interface Entries {
  data: { mainfile: string; parser_name: string; process_status: string }[];
}

describe('example uploads', () => {
  let server: TestServer;
  let alice: string;

  beforeAll(async () => {
    server = await startTestServer({ uploadLimit: 3 });
    alice = await createUserWithToken(server, 'alice');
  });
  afterAll(async () => server?.close());

  const create = (id: string, token = alice) =>
    fetch(`${server.api}/uploads?example_upload_id=${encodeURIComponent(id)}`, as(token, { method: 'POST' }));

  it('are offered to the GUI as entry points, without their server paths', async () => {
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
    const created = await create(id);
    expect(created.status).toBe(200);
    const { upload_id: uploadId, data } = await json<{ upload_id: string; data: { upload_name: string } }>(
      created,
    );
    expect(data.upload_name).toBeTruthy();
    expect((await waitProcessed(server, uploadId, alice)).process_status).toBe('SUCCESS');
    const entries = await json<Entries>(await fetch(`${server.api}/uploads/${uploadId}/entries`, as(alice)));
    expect(entries.data.map((entry) => entry.mainfile).sort()).toEqual(mainfiles);
    expect(entries.data.every((entry) => entry.process_status === 'SUCCESS')).toBe(true);
    if (parser) expect(new Set(entries.data.map((entry) => entry.parser_name))).toEqual(new Set([parser]));
    const readme = await fetch(`${server.api}/uploads/${uploadId}/raw/README.md`, as(alice));
    expect(readme.status).toBe(200);
  });

  it('count against the limit of unpublished uploads, and unknown ids are refused', async () => {
    const limit = await create('oasis_examples/vasp');
    expect([limit.status, await limit.json()]).toEqual([
      400,
      { detail: 'Limit of unpublished uploads exceeded for user.' },
    ]);
    const bob = await createUserWithToken(server, 'bob');
    const unknown = await create('../../etc', bob);
    expect([unknown.status, await unknown.json()]).toEqual([
      400,
      { detail: "There is no example upload with the id '../../etc'." },
    ]);
    const anonymous = await fetch(`${server.api}/uploads?example_upload_id=oasis_examples/vasp`, {
      method: 'POST',
    });
    expect(anonymous.status).toBe(401);
    const listed = await json<{ pagination: { total: number } }>(
      await fetch(`${server.api}/uploads`, as(bob)),
    );
    expect(listed.pagination.total).toBe(0);
  });
});
