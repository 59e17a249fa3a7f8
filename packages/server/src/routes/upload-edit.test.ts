// POST uploads/{id}/edit, entries/edit and entries/edit_v0 over HTTP; answers are checked against their rows.
import { ApiError, type ApiClient } from '@oasis/client';
import type { EditV0Request, MetadataEditRequest } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../store/users.ts';
import { apiClient, callApi, refusalOf } from '../testing/http.ts';
import { storeProcessedUpload, type StoredUpload } from '../testing/curation.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('editing metadata over HTTP', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const api: Record<string, ApiClient> = {};

  /** Raw, for bodies the client's types refuse (unknown fields, a list for the request). */
  const postRaw = (path: string, token: string | undefined, body: unknown) =>
    callApi(server, token, 'POST', path, body);
  const editUpload = (user: ApiClient, uploadId: string, body: MetadataEditRequest) =>
    user.call('uploadEdit', { params: { upload_id: uploadId }, body });
  const editV0 = (user: ApiClient, body: EditV0Request) => user.call('entriesEditV0', { body });
  const entryOf = async (user: ApiClient, entryId: string) =>
    (await user.call('entryById', { params: { entry_id: entryId } })).data;
  const stored = (options: { mainfiles?: string[]; published?: boolean } = {}): Promise<StoredUpload> =>
    storeProcessedUpload(server.ctx.db, {
      mainAuthor: ids.ada!,
      mainfiles: options.mainfiles ?? ['a/one.cif', 'b/two.cif'],
      coauthors: [ids.bob!],
      reviewers: [ids.rev!],
      published: options.published,
    });

  beforeAll(async () => {
    server = await startTestServer();
    api.anonymous = apiClient(server);
    for (const name of ['ada', 'bob', 'rev', 'eve']) {
      tokens[name] = await createUserWithToken(server, name);
      api[name] = apiClient(server, tokens[name]);
      ids[name] = (await findUserByUsername(server.ctx.db, name))!.user_id;
    }
  });
  afterAll(async () => server?.close());

  it('answers the edited upload with the edit process, as NOMAD (members dialog)', async () => {
    const { uploadId } = await stored({ published: true });
    const { upload_id, data } = await editUpload(api.bob!, uploadId, {
      metadata: { coauthors: [ids.eve!], reviewers: [ids.rev!], reviewer_groups: { add: 'all' } },
    });
    expect(upload_id).toBe(uploadId);
    expect(data).toMatchObject({
      current_process: 'edit_upload_metadata',
      process_status: 'SUCCESS',
      process_running: false,
      coauthors: [ids.eve],
      reviewers: [ids.rev],
      reviewer_groups: ['all'],
    });
    // The upload as read afterwards has the same members.
    const read = await api.ada!.call('uploadById', { params: { upload_id: uploadId } });
    expect(read.data.coauthors).toEqual([ids.eve]);
  });

  it('refuses callers that may not write, and requests the contract does not allow', async () => {
    const { uploadId } = await stored();
    /** The status of an edit: 200 for an answer (the client answers only 2xx), else the refusal's. */
    const edit = (
      user: ApiClient,
      body: MetadataEditRequest = { metadata: { comment: 'x' } },
      id = uploadId,
    ) =>
      editUpload(user, id, body).then(
        () => 200,
        (error: unknown) => {
          if (error instanceof ApiError) return error.status;
          throw error;
        },
      );
    expect(await edit(api.anonymous!)).toBe(401);
    expect(await edit(api.eve!)).toBe(401);
    expect(await edit(api.rev!)).toBe(401);
    expect(await edit(api.bob!)).toBe(200);
    expect(await edit(api.ada!)).toBe(200);
    expect(await edit(api.ada!, undefined, 'no-such-upload')).toBe(404);
    expect(await edit(api.ada!, { metadata: { embargo_length: 37 } })).toBe(422);
    // raw: main_author is no field of the request, and a list is no request.
    const path = `uploads/${uploadId}/edit`;
    expect((await postRaw(path, tokens.ada, { metadata: { main_author: ids.eve } })).status).toBe(422);
    expect(
      await edit(api.ada!, { metadata: { coauthors: Array.from({ length: 1001 }, (_, i) => `u${i}`) } }),
    ).toBe(422);
    expect(await edit(api.ada!, { metadata: { comment: 'x'.repeat(10_001) } })).toBe(422);
    expect((await postRaw(path, tokens.ada, [])).status).toBe(422);
    const located = await refusalOf(editUpload(api.ada!, uploadId, { metadata: { references: ['nope'] } }));
    expect(located[1]).toEqual({
      detail: [{ loc: ['metadata', 'references'], msg: 'Please enter a valid URL ...', type: 'value_error' }],
    });
  });

  it('shows comment, references, datasets and entry name in every view of the entries', async () => {
    const { uploadId, entryIds } = await stored();
    const ada = api.ada!;
    const { dataset_id: datasetId } = await ada.call('datasetCreate', {
      body: { dataset_name: 'Shown everywhere' },
    });
    await editUpload(ada, uploadId, {
      metadata: {
        comment: 'Edited comment',
        references: ['https://example.org/a', 'https://example.org/b'],
        datasets: { add: datasetId },
      },
      entries: { [entryIds[0]!]: { entry_name: 'First one' } },
    });
    const expected = {
      comment: 'Edited comment',
      references: ['https://example.org/a', 'https://example.org/b'],
      datasets: [expect.objectContaining({ dataset_id: datasetId, dataset_name: 'Shown everywhere' })],
      entry_name: 'First one',
    };
    expect(await entryOf(ada, entryIds[0]!)).toMatchObject(expected);
    const found = await ada.call('entriesQuery', {
      body: {
        owner: 'visible',
        query: { 'datasets.dataset_name': 'Shown everywhere', entry_name: 'First one' },
      },
    });
    expect(found.data).toEqual([expect.objectContaining({ entry_id: entryIds[0], ...expected })]);
    const listed = await ada.call('uploadEntries', {
      params: { upload_id: uploadId },
      query: { order_by: 'mainfile' },
    });
    expect(listed.data[0]?.entry_metadata).toMatchObject(expected);
    expect(listed.data[1]?.entry_metadata).toMatchObject({ ...expected, entry_name: 'two.cif' });
  });

  it('answers POST entries/edit with the request as carried out', async () => {
    const { entryIds } = await stored();
    const answer = await api.bob!.call('entriesEdit', {
      body: {
        owner: 'visible',
        query: { entry_id: entryIds[1] },
        metadata: { references: 'https://example.org/x', comment: '' },
      },
    });
    expect(answer).toEqual({
      owner: 'visible',
      query: { entry_id: entryIds[1] },
      metadata: { references: { set: ['https://example.org/x'] } },
      entries: {},
    });
    expect(await entryOf(api.bob!, entryIds[1]!)).toMatchObject({
      comment: null,
      references: ['https://example.org/x'],
    });
    const anonymous = api.anonymous!.call('entriesEdit', { body: { query: {}, metadata: { comment: 'x' } } });
    expect((await refusalOf(anonymous))[0]).toBe(401);
    const withoutQuery = api.bob!.call('entriesEdit', { body: { metadata: { comment: 'x' } } });
    expect((await refusalOf(withoutQuery))[0]).toBe(422);
  });

  describe('the older actions format (edit_v0)', () => {
    it('sets comment, references and datasets (created by name) on the caller’s entries', async () => {
      const { uploadId, entryIds } = await stored();
      const ada = api.ada!;
      const body = {
        query: { upload_id: uploadId },
        actions: {
          comment: { value: ' v0 comment ' },
          references: [{ value: 'https://example.org/v0' }],
          datasets: [{ value: 'Made by v0' }],
        },
      };
      expect(await editV0(ada, { ...body, verify: true })).toMatchObject({
        success: true,
        verify: true,
        actions: {
          comment: { value: 'v0 comment', success: true, message: null },
          datasets: [
            { value: 'Made by v0', success: true, message: 'Dataset does not exist and will be created' },
          ],
        },
      });
      expect((await entryOf(ada, entryIds[0]!)).comment).toBe('from nomad.yaml');

      expect(await editV0(ada, body)).toMatchObject({ success: true, message: null });
      expect(await entryOf(ada, entryIds[1]!)).toMatchObject({
        comment: 'v0 comment',
        references: ['https://example.org/v0'],
        datasets: [expect.objectContaining({ dataset_name: 'Made by v0' })],
      });
      // A list is the whole new value: an empty one removes the datasets again.
      await editV0(ada, { query: { upload_id: uploadId }, actions: { datasets: [] } });
      expect((await entryOf(ada, entryIds[1]!)).datasets).toEqual([]);
    });

    it('reports failed actions with 400, and refuses unknown quantities, wrong shapes and anonymous callers', async () => {
      const { uploadId } = await stored();
      const ada = api.ada!;
      const [failedStatus, failed] = await refusalOf(
        editV0(ada, {
          query: { upload_id: uploadId },
          actions: {
            references: [{ value: 'not a url' }],
            coauthors: [{ value: 'nobody' }, { value: ids.eve }, { value: ids.eve }],
          },
        }),
      );
      expect(failedStatus).toBe(400);
      expect(failed).toMatchObject({
        success: false,
        detail: expect.any(String),
        actions: {
          references: [{ value: 'not a url', success: false, message: 'Please enter a valid URL ...' }],
          coauthors: [
            { value: 'nobody', success: false, message: 'User does not exist' },
            { value: ids.eve, success: true },
            { value: ids.eve, success: false, message: 'Duplicate values are not allowed' },
          ],
        },
      });
      const actions = (value: EditV0Request['actions']) =>
        refusalOf(editV0(ada, { query: { upload_id: uploadId }, actions: value }));
      expect(await actions({ upload_name: { value: 'x' } })).toEqual([
        400,
        { detail: 'Unknown quantity upload_name' },
      ]);
      expect(await actions({ comment: [{ value: 'x' }] })).toEqual([
        400,
        { detail: 'Wrong shape for quantity comment' },
      ]);
      const anonymous = editV0(api.anonymous!, { actions: { comment: { value: 'x' } } });
      expect((await refusalOf(anonymous))[0]).toBe(401);
      // raw: an action with a field the client's types refuse.
      const extra = await postRaw('entries/edit_v0', tokens.ada, {
        query: { upload_id: uploadId },
        actions: { comment: { value: 'x', extra: 1 } },
      });
      expect(extra.status).toBe(422);
      // A refused edit writes nothing, not even the actions that were fine.
      const upload = await ada.call('uploadById', { params: { upload_id: uploadId } });
      expect(upload.data.coauthors).toEqual([ids.bob]);
    });
  });
});
