// References between archives, resolved by the real server with the reader's access rights: within an
// upload (by entry id and by mainfile), into another upload of the reader, and never into an upload the
// reader may not see (that reference stays a string, as a missing one does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('archive references across entries and uploads', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let source = '';
  const ids: Record<string, string> = {};
  const uploads: Record<string, string> = {};

  const upload = async (token: string, name: string, files: Record<string, unknown>) => {
    const zip = makeZip(
      Object.fromEntries(Object.entries(files).map(([file, body]) => [file, JSON.stringify(body)])),
    );
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=${name}.zip`, as(token, { method: 'POST', body: zip })),
    );
    expect((await waitProcessed(server, uploadId, token)).process_status).toBe('SUCCESS');
    const { data } = await json<{ data: { entry_id: string; mainfile: string }[] }>(
      await fetch(`${server.api}/uploads/${uploadId}/entries`, as(token)),
    );
    for (const row of data) ids[`${name}/${row.mainfile}`] = row.entry_id;
    uploads[name] = uploadId;
    return uploadId;
  };

  const query = async (token: string, entryId: string, required: unknown) => {
    const response = await fetch(
      `${server.api}/entries/${entryId}/archive/query`,
      as(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ required }),
      }),
    );
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
    await upload(alice, 'other', {
      'sample.archive.json': { data: { name: 'alice other upload', value: 2 } },
    });
    await upload(bob, 'private', { 'secret.archive.json': { data: { name: 'bob secret', value: 3 } } });
    const other = `../uploads/${uploads.other}/archive/${ids['other/sample.archive.json']}#/data`;
    const secret = `../uploads/${uploads.private}/archive/${ids['private/secret.archive.json']}#/data`;
    await upload(alice, 'main', {
      'target.archive.json': { data: { name: 'same upload', value: 1 } },
      'source.archive.json': {
        data: {
          same_by_mainfile: '../upload/archive/mainfile/target.archive.json#/data',
          other_upload: other,
          secret,
          missing: '../upload/archive/mainfile/nothing.archive.json#/data',
        },
      },
    });
    source = ids['main/source.archive.json'] as string;
  }, 120_000);
  afterAll(async () => server?.close());

  it('resolves references in place across entries of the same and other uploads of the reader', async () => {
    const { status, body } = await query(alice, source, {
      data: 'include-resolved',
      'resolve-inplace': true,
    });
    expect(status).toBe(200);
    const data = body.data.archive.data;
    expect(data.same_by_mainfile).toEqual({ name: 'same upload', value: 1 });
    expect(data.other_upload).toEqual({ name: 'alice other upload', value: 2 });
    // Bob's private upload is not Alice's to read: the reference stays a string, like a missing one.
    expect(data.secret).toMatch(/^\.\.\/uploads\/.+#\/data$/);
    expect(data.missing).toBe('../upload/archive/mainfile/nothing.archive.json#/data');
    expect(JSON.stringify(body)).not.toContain('bob secret');
  });

  it('puts resolved sections under m_ref_archives when not resolving in place', async () => {
    const { body } = await query(alice, source, { data: 'include-resolved' });
    const archive = body.data.archive;
    expect(archive.data.same_by_mainfile).toBe('../upload/archive/mainfile/target.archive.json#/data');
    const target = `../uploads/${uploads.main}/archive/${ids['main/target.archive.json']}`;
    const other = `../uploads/${uploads.other}/archive/${ids['other/sample.archive.json']}`;
    expect(archive.m_ref_archives[target]).toEqual({ data: { name: 'same upload', value: 1 } });
    expect(archive.m_ref_archives[other]).toEqual({ data: { name: 'alice other upload', value: 2 } });
    expect(Object.keys(archive.m_ref_archives)).toHaveLength(2);
  });

  it('leaves references alone without include-resolved, and resolves for the plural query too', async () => {
    const plain = await query(alice, source, '*');
    expect(plain.body.data.archive.data.other_upload).toMatch(/#\/data$/);
    expect(plain.body.data.archive.m_ref_archives).toBeUndefined();
    const response = await fetch(
      `${server.api}/entries/archive/query`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          owner: 'user',
          query: { entry_id: source },
          required: { data: 'include-resolved', 'resolve-inplace': true },
        }),
      }),
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as Json;
    expect(data[0].archive.data.other_upload).toEqual({ name: 'alice other upload', value: 2 });
    expect(data[0].archive.data.secret).toMatch(/#\/data$/);
  });

  it('lets Bob read his own entry but not the one referencing it', async () => {
    expect((await query(bob, source, '*')).status).toBe(404);
    const secret = await query(bob, ids['private/secret.archive.json'] as string, { data: '*' });
    expect(secret.body.data.archive.data.name).toBe('bob secret');
  });
});
