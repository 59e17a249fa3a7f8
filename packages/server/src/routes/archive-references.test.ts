// References between archives, resolved by the real server with the reader's access rights: within an
// upload (by entry id and by mainfile), into another upload of the reader, and never into an upload the
// reader may not see (that reference stays a string, as a missing one does).
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, refusalOf, uploadProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

// The archives' sections are untyped in the contract.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('archive references across entries and uploads', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let source = '';
  const ids: Record<string, string> = {};
  const uploads: Record<string, string> = {};

  const upload = async (api: ApiClient, name: string, files: Record<string, unknown>) => {
    const zip = makeZip(
      Object.fromEntries(Object.entries(files).map(([file, body]) => [file, JSON.stringify(body)])),
    );
    // Answers once the upload's processing has succeeded.
    const { uploadId, entries } = await uploadProcessed(api, `${name}.zip`, zip);
    for (const row of entries) ids[`${name}/${row.mainfile}`] = row.entry_id;
    uploads[name] = uploadId;
    return uploadId;
  };

  const query = (api: ApiClient, entryId: string, required: string | Json) =>
    api.call('entryArchiveQuery', { params: { entry_id: entryId }, body: { required } });
  const archiveOf = async (api: ApiClient, entryId: string, required: string | Json) =>
    (await query(api, entryId, required)).data.archive as Json;

  beforeAll(async () => {
    server = await startTestServer();
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    bob = apiClient(server, await createUserWithToken(server, 'bob'));
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
    const body = await query(alice, source, {
      data: 'include-resolved',
      'resolve-inplace': true,
    });
    const data = (body.data.archive as Json).data;
    expect(data.same_by_mainfile).toEqual({ name: 'same upload', value: 1 });
    expect(data.other_upload).toEqual({ name: 'alice other upload', value: 2 });
    // Bob's private upload is not Alice's to read: the reference stays a string, like a missing one.
    expect(data.secret).toMatch(/^\.\.\/uploads\/.+#\/data$/);
    expect(data.missing).toBe('../upload/archive/mainfile/nothing.archive.json#/data');
    expect(JSON.stringify(body)).not.toContain('bob secret');
  });

  it('puts resolved sections under m_ref_archives when not resolving in place', async () => {
    const archive = await archiveOf(alice, source, { data: 'include-resolved' });
    expect(archive.data.same_by_mainfile).toBe('../upload/archive/mainfile/target.archive.json#/data');
    const target = `../uploads/${uploads.main}/archive/${ids['main/target.archive.json']}`;
    const other = `../uploads/${uploads.other}/archive/${ids['other/sample.archive.json']}`;
    expect(archive.m_ref_archives[target]).toEqual({ data: { name: 'same upload', value: 1 } });
    expect(archive.m_ref_archives[other]).toEqual({ data: { name: 'alice other upload', value: 2 } });
    expect(Object.keys(archive.m_ref_archives)).toHaveLength(2);
  });

  it('leaves references alone without include-resolved, and resolves for the plural query too', async () => {
    const plain = await archiveOf(alice, source, '*');
    expect(plain.data.other_upload).toMatch(/#\/data$/);
    expect(plain.m_ref_archives).toBeUndefined();
    const { data } = await alice.call('entriesArchiveQuery', {
      body: {
        owner: 'user',
        query: { entry_id: source },
        required: { data: 'include-resolved', 'resolve-inplace': true },
      },
    });
    const archives = data.map((item) => item.archive as Json);
    expect(archives[0]!.data.other_upload).toEqual({ name: 'alice other upload', value: 2 });
    expect(archives[0]!.data.secret).toMatch(/#\/data$/);
  });

  it('lets Bob read his own entry but not the one referencing it', async () => {
    expect((await refusalOf(query(bob, source, '*')))[0]).toBe(404);
    const secret = await archiveOf(bob, ids['private/secret.archive.json'] as string, { data: '*' });
    expect(secret.data.name).toBe('bob secret');
  });
});
