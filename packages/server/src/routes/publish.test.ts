// Publishing over HTTP: who may, what it needs, that published uploads are final, and embargo ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftEndedEmbargoes } from '../services/embargo.ts';
import { findUserByUsername } from '../store/users.ts';
import { storeProcessedUpload } from '../testing/curation.ts';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { MovableClock } from '../time/clock.ts';

interface Upload {
  published: boolean;
  publish_time?: string | null;
  with_embargo: boolean;
  embargo_length: number;
}

const DAY = 24 * 60 * 60 * 1000;

describe('publishing', () => {
  let server: TestServer;
  const clock = new MovableClock(new Date('2030-01-15T12:00:00.000Z'));
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const call = (method: string, path: string, token?: string, body?: string) =>
    fetch(`${server.api}${path}`, as(token, { method, body }));
  const publish = (uploadId: string, token: string | undefined, query = '') =>
    call('POST', `/uploads/${uploadId}/action/publish${query}`, token);
  const stored = (options: { failed?: boolean; processStatus?: string } = {}) =>
    storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: options.failed ? [] : ['NaCl.cif'],
      failed: options.failed ? ['broken.cif'] : [],
      coauthors: [ids.bob!],
      reviewers: [ids.rev!],
      processStatus: options.processStatus,
    });
  /** Entries anonymous visitors find by a query. */
  const publicHits = async (query: Record<string, unknown>) =>
    (
      await json<{ pagination: { total: number } }>(
        await fetch(`${server.api}/entries/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ owner: 'public', query }),
        }),
      )
    ).pagination.total;

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    for (const name of ['ada', 'bob', 'rev', 'eve']) {
      tokens[name] = await createUserWithToken(server, name);
      ids[name] = (await findUserByUsername(server.ctx.db, name))!.user_id;
    }
  });
  afterAll(async () => server?.close());

  it('lets writers publish and refuses everyone else (role matrix)', async () => {
    const { uploadId } = await stored();
    expect((await publish(uploadId, undefined)).status).toBe(401);
    expect((await publish(uploadId, tokens.eve)).status).toBe(401);
    expect((await publish(uploadId, tokens.rev)).status).toBe(401);
    expect((await publish('no-such-upload', tokens.ada)).status).toBe(404);
    const response = await publish(uploadId, tokens.bob);
    expect(response.status).toBe(200);
    const { data } = await json<{ data: Upload }>(response);
    expect(data).toMatchObject({
      published: true,
      publish_time: clock.now().toISOString(),
      with_embargo: false,
      embargo_length: 0,
    });
    const again = await publish(uploadId, tokens.ada);
    expect([again.status, await json(again)]).toEqual([400, { detail: 'Upload already published.' }]);
  });

  it('refuses uploads that are processing or have no processed entry, and bad parameters', async () => {
    const refusal = async (uploadId: string, query = '') => {
      const response = await publish(uploadId, tokens.ada, query);
      return [response.status, await json(response)];
    };
    expect(await refusal((await stored({ processStatus: 'RUNNING' })).uploadId)).toEqual([
      400,
      { detail: 'The upload is currently being processed, operation not allowed.' },
    ]);
    expect(await refusal((await stored({ failed: true })).uploadId)).toEqual([
      400,
      { detail: 'Cannot publish an upload without any resulting entries.' },
    ]);
    expect(await refusal((await stored({ processStatus: 'FAILURE' })).uploadId)).toEqual([
      400,
      { detail: 'Cannot publish an upload that failed processing.' },
    ]);
    const { uploadId } = await stored();
    expect(await refusal(uploadId, '?to_central_nomad=true')).toEqual([
      400,
      { detail: 'Publishing to central NOMAD is not configured' },
    ]);
    expect((await publish(uploadId, tokens.ada, '?embargo_length=37')).status).toBe(422);
    expect((await publish(uploadId, tokens.ada, '?embargo_length=-1')).status).toBe(422);
    const upload = await json<{ data: Upload }>(await call('GET', `/uploads/${uploadId}`, tokens.ada));
    expect(upload.data.published).toBe(false);
  });

  it('makes a published upload final: files, processing, entries and the upload stay', async () => {
    const created = await call('POST', '/uploads?file_name=NaCl.cif', tokens.ada, naclCif);
    const { upload_id: uploadId } = await json<{ upload_id: string }>(created);
    await waitProcessed(server, uploadId, tokens.ada!);
    const entries = await json<{ data: Array<{ entry_id: string }> }>(
      await call('GET', `/uploads/${uploadId}/entries`, tokens.ada),
    );
    const entryId = entries.data[0]!.entry_id;
    expect((await publish(uploadId, tokens.ada)).status).toBe(200);

    const attempts: Array<[string, Promise<Response>]> = [
      ['put raw', call('PUT', `/uploads/${uploadId}/raw/?file_name=KCl.cif`, tokens.ada, naclCif)],
      [
        'overwrite raw',
        call(
          'PUT',
          `/uploads/${uploadId}/raw/?file_name=NaCl.cif&overwrite_if_exists=true`,
          tokens.ada,
          naclCif,
        ),
      ],
      ['delete raw', call('DELETE', `/uploads/${uploadId}/raw/NaCl.cif`, tokens.ada)],
      ['create dir', call('POST', `/uploads/${uploadId}/raw-create-dir/new-folder`, tokens.ada)],
      [
        'delete entry files',
        fetch(
          `${server.api}/uploads/${uploadId}/action/delete-entry-files`,
          as(tokens.ada, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: { entry_id: entryId } }),
          }),
        ),
      ],
      ['reprocess', call('POST', `/uploads/${uploadId}/action/process`, tokens.ada)],
      ['delete upload', call('DELETE', `/uploads/${uploadId}`, tokens.ada)],
    ];
    for (const [what, attempt] of attempts) {
      const response = await attempt;
      expect([what, response.status]).toEqual([what, 400]);
    }
    const after = await json<{ data: Array<{ entry_id: string }> }>(
      await call('GET', `/uploads/${uploadId}/entries`, tokens.ada),
    );
    expect(after.data.map((entry) => entry.entry_id)).toEqual([entryId]);
    const raw = await call('GET', `/uploads/${uploadId}/rawdir/`, tokens.ada);
    const listing = await json<{ directory_metadata: { content: Array<{ name: string }> } }>(raw);
    expect(listing.directory_metadata.content.map((item) => item.name)).toEqual(['NaCl.cif']);
  });

  it('hides embargoed uploads until the main author lifts the embargo', async () => {
    const { uploadId, entryIds } = await stored();
    const response = await publish(uploadId, tokens.ada, '?embargo_length=36');
    expect((await json<{ data: Upload }>(response)).data).toMatchObject({
      with_embargo: true,
      embargo_length: 36,
    });
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(0);
    expect((await call('GET', `/entries/${entryIds[0]}`)).status).toBe(404);
    const lift = (token: string | undefined) =>
      fetch(
        `${server.api}/uploads/${uploadId}/edit`,
        as(token, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ metadata: { embargo_length: 0 } }),
        }),
      );
    expect((await lift(tokens.bob)).status).toBe(401);
    const lifted = await lift(tokens.ada);
    expect((await json<{ data: Upload }>(lifted)).data).toMatchObject({
      with_embargo: false,
      embargo_length: 0,
    });
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(1);
    expect((await call('GET', `/entries/${entryIds[0]}`)).status).toBe(200);
  });

  it('ends an embargo once its months have passed', async () => {
    const { uploadId, entryIds } = await stored();
    const published = clock.now();
    expect((await publish(uploadId, tokens.ada, '?embargo_length=12')).status).toBe(200);
    const end = new Date(published);
    end.setUTCMonth(end.getUTCMonth() + 12);
    clock.advance(end.getTime() - published.getTime() - DAY);
    expect(await liftEndedEmbargoes(server.ctx)).toEqual([]);
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(0);
    clock.advance(2 * DAY);
    expect(await liftEndedEmbargoes(server.ctx)).toEqual([uploadId]);
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(1);
    const upload = await json<{ data: Upload }>(await call('GET', `/uploads/${uploadId}`));
    expect(upload.data).toMatchObject({ published: true, with_embargo: false, embargo_length: 0 });
  });
});
