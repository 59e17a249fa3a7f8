// Publishing over HTTP: who may, what it needs, that published uploads are final, and embargo ends.
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftEndedEmbargoes } from '../services/embargo.ts';
import { findUserByUsername } from '../store/users.ts';
import { storeProcessedUpload } from '../testing/curation.ts';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { MovableClock } from '../time/clock.ts';

const DAY = 24 * 60 * 60 * 1000;
const USERS = ['ada', 'bob', 'rev', 'eve'] as const;

describe('publishing', () => {
  let server: TestServer;
  const clock = new MovableClock(new Date('2030-01-15T12:00:00.000Z'));
  const api: Partial<Record<(typeof USERS)[number] | 'anonymous', ApiClient>> = {};
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const as = (user: keyof typeof api) => api[user]!;

  const publish = (uploadId: string, user: keyof typeof api, query: { embargo_length?: number } = {}) =>
    as(user).call('uploadPublish', { params: { upload_id: uploadId }, query });
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
    (await as('anonymous').call('entriesQuery', { body: { owner: 'public', query } })).pagination.total;
  const entryIdsOf = async (uploadId: string) =>
    (await as('ada').call('uploadEntries', { params: { upload_id: uploadId } })).data.map(
      (entry) => entry.entry_id,
    );

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    api.anonymous = apiClient(server);
    for (const name of USERS) {
      tokens[name] = await createUserWithToken(server, name);
      api[name] = apiClient(server, tokens[name]);
      ids[name] = (await findUserByUsername(server.ctx.db, name))!.user_id;
    }
  });
  afterAll(async () => server?.close());

  it('lets writers publish and refuses everyone else (role matrix)', async () => {
    const { uploadId } = await stored();
    for (const user of ['anonymous', 'eve', 'rev'] as const)
      expect([user, (await refusalOf(publish(uploadId, user)))[0]]).toEqual([user, 401]);
    expect((await refusalOf(publish('no-such-upload', 'ada')))[0]).toBe(404);
    const { data } = await publish(uploadId, 'bob');
    expect(data).toMatchObject({
      published: true,
      publish_time: clock.now().toISOString(),
      with_embargo: false,
      embargo_length: 0,
    });
    expect(await refusalOf(publish(uploadId, 'ada'))).toEqual([400, { detail: 'Upload already published.' }]);
  });

  it('refuses uploads that are processing or have no processed entry, and bad parameters', async () => {
    expect(await refusalOf(publish((await stored({ processStatus: 'RUNNING' })).uploadId, 'ada'))).toEqual([
      400,
      { detail: 'The upload is currently being processed, operation not allowed.' },
    ]);
    expect(await refusalOf(publish((await stored({ failed: true })).uploadId, 'ada'))).toEqual([
      400,
      { detail: 'Cannot publish an upload without any resulting entries.' },
    ]);
    expect(await refusalOf(publish((await stored({ processStatus: 'FAILURE' })).uploadId, 'ada'))).toEqual([
      400,
      { detail: 'Cannot publish an upload that failed processing.' },
    ]);
    const { uploadId } = await stored();
    const toCentral = as('ada').call('uploadPublish', {
      params: { upload_id: uploadId },
      query: { to_central_nomad: true },
    });
    expect(await refusalOf(toCentral)).toEqual([
      400,
      { detail: 'Publishing to central NOMAD is not configured' },
    ]);
    expect((await refusalOf(publish(uploadId, 'ada', { embargo_length: 37 })))[0]).toBe(422);
    expect((await refusalOf(publish(uploadId, 'ada', { embargo_length: -1 })))[0]).toBe(422);
    const upload = await as('ada').call('uploadById', { params: { upload_id: uploadId } });
    expect(upload.data.published).toBe(false);
  });

  it('makes a published upload final: files, processing, entries and the upload stay', async () => {
    const ada = as('ada');
    const cif = new Blob([naclCif]);
    const { upload_id: uploadId } = await ada.upload('uploadCreate', cif, {
      query: { file_name: 'NaCl.cif' },
    });
    await waitProcessed(server, uploadId, tokens.ada!);
    const [entryId] = await entryIdsOf(uploadId);
    await publish(uploadId, 'ada');

    const upload = { upload_id: uploadId };
    // Called one at a time: a refusal nobody awaits yet would be reported as unhandled.
    const attempts: Array<[string, () => Promise<unknown>]> = [
      [
        'put raw',
        () =>
          ada.upload('uploadRawPut', cif, {
            params: { ...upload, path: '' },
            query: { file_name: 'KCl.cif' },
          }),
      ],
      [
        'overwrite raw',
        () =>
          ada.upload('uploadRawPut', cif, {
            params: { ...upload, path: '' },
            query: { file_name: 'NaCl.cif', overwrite_if_exists: true },
          }),
      ],
      ['delete raw', () => ada.call('uploadRawDelete', { params: { ...upload, path: 'NaCl.cif' } })],
      ['create dir', () => ada.call('uploadRawCreateDir', { params: { ...upload, path: 'new-folder' } })],
      [
        'delete entry files',
        () => ada.call('uploadDeleteEntryFiles', { params: upload, body: { query: { entry_id: entryId } } }),
      ],
      ['reprocess', () => ada.call('uploadProcess', { params: upload })],
      ['delete upload', () => ada.call('uploadDelete', { params: upload })],
    ];
    for (const [what, attempt] of attempts)
      expect([what, (await refusalOf(attempt()))[0]]).toEqual([what, 400]);
    expect(await entryIdsOf(uploadId)).toEqual([entryId]);
    const listing = await ada.call('uploadRawDir', { params: { ...upload, path: '' } });
    expect(listing.directory_metadata?.content.map((item) => item.name)).toEqual(['NaCl.cif']);
  });

  it('hides embargoed uploads until the main author lifts the embargo', async () => {
    const { uploadId, entryIds } = await stored();
    expect((await publish(uploadId, 'ada', { embargo_length: 36 })).data).toMatchObject({
      with_embargo: true,
      embargo_length: 36,
    });
    const entry = { params: { entry_id: entryIds[0]! } };
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(0);
    expect((await refusalOf(as('anonymous').call('entryById', entry)))[0]).toBe(404);
    const lift = (user: 'ada' | 'bob') =>
      as(user).call('uploadEdit', {
        params: { upload_id: uploadId },
        body: { metadata: { embargo_length: 0 } },
      });
    expect((await refusalOf(lift('bob')))[0]).toBe(401);
    expect((await lift('ada')).data).toMatchObject({ with_embargo: false, embargo_length: 0 });
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(1);
    expect((await as('anonymous').call('entryById', entry)).entry_id).toBe(entryIds[0]);
  });

  it('ends an embargo once its months have passed', async () => {
    const { uploadId, entryIds } = await stored();
    const published = clock.now();
    await publish(uploadId, 'ada', { embargo_length: 12 });
    const end = new Date(published);
    end.setUTCMonth(end.getUTCMonth() + 12);
    clock.advance(end.getTime() - published.getTime() - DAY);
    expect(await liftEndedEmbargoes(server.ctx)).toEqual([]);
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(0);
    clock.advance(2 * DAY);
    expect(await liftEndedEmbargoes(server.ctx)).toEqual([uploadId]);
    expect(await publicHits({ entry_id: entryIds[0] })).toBe(1);
    const upload = await as('anonymous').call('uploadById', { params: { upload_id: uploadId } });
    expect(upload.data).toMatchObject({ published: true, with_embargo: false, embargo_length: 0 });
  });
});
