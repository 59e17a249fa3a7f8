// POST uploads/{id}/edit, entries/edit and entries/edit_v0 over HTTP; answers are checked against their rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../store/users.ts';
import { as, json } from '../testing/http.ts';
import { storeProcessedUpload, type StoredUpload } from '../testing/curation.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

interface Upload {
  upload_id: string;
  upload_name?: string;
  current_process?: string;
  process_status: string;
  process_running: boolean;
  coauthors: string[];
  reviewers: string[];
  reviewer_groups: string[];
}

describe('editing metadata over HTTP', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const post = (path: string, token: string | undefined, body: unknown) =>
    fetch(
      `${server.api}${path}`,
      as(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
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
    for (const name of ['ada', 'bob', 'rev', 'eve']) {
      tokens[name] = await createUserWithToken(server, name);
      ids[name] = (await findUserByUsername(server.ctx.db, name))!.user_id;
    }
  });
  afterAll(async () => server?.close());

  it('answers the edited upload with the edit process, as NOMAD (members dialog)', async () => {
    const { uploadId } = await stored({ published: true });
    const response = await post(`/uploads/${uploadId}/edit`, tokens.bob, {
      metadata: { coauthors: [ids.eve], reviewers: [ids.rev], reviewer_groups: { add: 'all' } },
    });
    expect(response.status).toBe(200);
    const { upload_id, data } = await json<{ upload_id: string; data: Upload }>(response);
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
    const read = await json<{ data: Upload }>(
      await fetch(`${server.api}/uploads/${uploadId}`, as(tokens.ada)),
    );
    expect(read.data.coauthors).toEqual([ids.eve]);
  });

  it('refuses callers that may not write, and requests the contract does not allow', async () => {
    const { uploadId } = await stored();
    const edit = async (
      token: string | undefined,
      body: unknown = { metadata: { comment: 'x' } },
      id = uploadId,
    ) => (await post(`/uploads/${id}/edit`, token, body)).status;
    expect(await edit(undefined)).toBe(401);
    expect(await edit(tokens.eve)).toBe(401);
    expect(await edit(tokens.rev)).toBe(401);
    expect(await edit(tokens.bob)).toBe(200);
    expect(await edit(tokens.ada)).toBe(200);
    expect(await edit(tokens.ada, undefined, 'no-such-upload')).toBe(404);
    expect(await edit(tokens.ada, { metadata: { embargo_length: 37 } })).toBe(422);
    expect(await edit(tokens.ada, { metadata: { main_author: ids.eve } })).toBe(422);
    expect(
      await edit(tokens.ada, { metadata: { coauthors: Array.from({ length: 1001 }, (_, i) => `u${i}`) } }),
    ).toBe(422);
    expect(await edit(tokens.ada, { metadata: { comment: 'x'.repeat(10_001) } })).toBe(422);
    expect(await edit(tokens.ada, [])).toBe(422);
    const located = await post(`/uploads/${uploadId}/edit`, tokens.ada, {
      metadata: { references: ['nope'] },
    });
    expect(await json(located)).toEqual({
      detail: [{ loc: ['metadata', 'references'], msg: 'Please enter a valid URL ...', type: 'value_error' }],
    });
  });

  it('shows comment, references, datasets and entry name in every view of the entries', async () => {
    const { uploadId, entryIds } = await stored();
    const created = await post('/datasets', tokens.ada, { dataset_name: 'Shown everywhere' });
    const { dataset_id: datasetId } = await json<{ dataset_id: string }>(created);
    const edit = await post(`/uploads/${uploadId}/edit`, tokens.ada, {
      metadata: {
        comment: 'Edited comment',
        references: ['https://example.org/a', 'https://example.org/b'],
        datasets: { add: datasetId },
      },
      entries: { [entryIds[0]!]: { entry_name: 'First one' } },
    });
    expect(edit.status).toBe(200);
    const expected = {
      comment: 'Edited comment',
      references: ['https://example.org/a', 'https://example.org/b'],
      datasets: [expect.objectContaining({ dataset_id: datasetId, dataset_name: 'Shown everywhere' })],
      entry_name: 'First one',
    };
    const one = await json<{ data: unknown }>(
      await fetch(`${server.api}/entries/${entryIds[0]}`, as(tokens.ada)),
    );
    expect(one.data).toMatchObject(expected);
    const query = await post('/entries/query', tokens.ada, {
      owner: 'visible',
      query: { 'datasets.dataset_name': 'Shown everywhere', entry_name: 'First one' },
    });
    const found = await json<{ data: Array<{ entry_id: string }> }>(query);
    expect(found.data).toEqual([expect.objectContaining({ entry_id: entryIds[0], ...expected })]);
    const listed = await json<{ data: Array<{ entry_id: string; entry_metadata: unknown }> }>(
      await fetch(`${server.api}/uploads/${uploadId}/entries?order_by=mainfile`, as(tokens.ada)),
    );
    expect(listed.data[0]?.entry_metadata).toMatchObject(expected);
    expect(listed.data[1]?.entry_metadata).toMatchObject({ ...expected, entry_name: 'two.cif' });
  });

  it('answers POST entries/edit with the request as carried out', async () => {
    const { entryIds } = await stored();
    const response = await post('/entries/edit', tokens.bob, {
      owner: 'visible',
      query: { entry_id: entryIds[1] },
      metadata: { references: 'https://example.org/x', comment: '' },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      owner: 'visible',
      query: { entry_id: entryIds[1] },
      metadata: { references: { set: ['https://example.org/x'] } },
      entries: {},
    });
    const metadata = await json<{ data: { comment?: unknown; references: string[] } }>(
      await fetch(`${server.api}/entries/${entryIds[1]}`, as(tokens.bob)),
    );
    expect(metadata.data).toMatchObject({ comment: null, references: ['https://example.org/x'] });
    expect((await post('/entries/edit', undefined, { query: {}, metadata: { comment: 'x' } })).status).toBe(
      401,
    );
    expect((await post('/entries/edit', tokens.bob, { metadata: { comment: 'x' } })).status).toBe(422);
  });

  describe('the older actions format (edit_v0)', () => {
    it('sets comment, references and datasets (created by name) on the caller’s entries', async () => {
      const { uploadId, entryIds } = await stored();
      const body = {
        query: { upload_id: uploadId },
        actions: {
          comment: { value: ' v0 comment ' },
          references: [{ value: 'https://example.org/v0' }],
          datasets: [{ value: 'Made by v0' }],
        },
      };
      const verify = await post('/entries/edit_v0', tokens.ada, { ...body, verify: true });
      expect(verify.status).toBe(200);
      expect(await json(verify)).toMatchObject({
        success: true,
        verify: true,
        actions: {
          comment: { value: 'v0 comment', success: true, message: null },
          datasets: [
            { value: 'Made by v0', success: true, message: 'Dataset does not exist and will be created' },
          ],
        },
      });
      const before = await json<{ data: { comment: string } }>(
        await fetch(`${server.api}/entries/${entryIds[0]}`, as(tokens.ada)),
      );
      expect(before.data.comment).toBe('from nomad.yaml');

      const done = await post('/entries/edit_v0', tokens.ada, body);
      expect(done.status).toBe(200);
      expect(await json(done)).toMatchObject({ success: true, message: null });
      const after = await json<{ data: Record<string, unknown> }>(
        await fetch(`${server.api}/entries/${entryIds[1]}`, as(tokens.ada)),
      );
      expect(after.data).toMatchObject({
        comment: 'v0 comment',
        references: ['https://example.org/v0'],
        datasets: [expect.objectContaining({ dataset_name: 'Made by v0' })],
      });
      // A list is the whole new value: an empty one removes the datasets again.
      const cleared = await post('/entries/edit_v0', tokens.ada, {
        query: { upload_id: uploadId },
        actions: { datasets: [] },
      });
      expect(cleared.status).toBe(200);
      const last = await json<{ data: Record<string, unknown> }>(
        await fetch(`${server.api}/entries/${entryIds[1]}`, as(tokens.ada)),
      );
      expect(last.data.datasets).toEqual([]);
    });

    it('reports failed actions with 400, and refuses unknown quantities, wrong shapes and anonymous callers', async () => {
      const { uploadId } = await stored();
      const failed = await post('/entries/edit_v0', tokens.ada, {
        query: { upload_id: uploadId },
        actions: {
          references: [{ value: 'not a url' }],
          coauthors: [{ value: 'nobody' }, { value: ids.eve }, { value: ids.eve }],
        },
      });
      expect(failed.status).toBe(400);
      expect(await json(failed)).toMatchObject({
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
      const actions = async (value: unknown) =>
        post('/entries/edit_v0', tokens.ada, { query: { upload_id: uploadId }, actions: value });
      const unknown = await actions({ upload_name: { value: 'x' } });
      expect([unknown.status, await json(unknown)]).toEqual([
        400,
        { detail: 'Unknown quantity upload_name' },
      ]);
      const shape = await actions({ comment: [{ value: 'x' }] });
      expect([shape.status, await json(shape)]).toEqual([
        400,
        { detail: 'Wrong shape for quantity comment' },
      ]);
      const anonymous = await post('/entries/edit_v0', undefined, { actions: { comment: { value: 'x' } } });
      expect(anonymous.status).toBe(401);
      expect((await actions({ comment: { value: 'x', extra: 1 } })).status).toBe(422);
      // A refused edit writes nothing, not even the actions that were fine.
      const upload = await json<{ data: Upload }>(
        await fetch(`${server.api}/uploads/${uploadId}`, as(tokens.ada)),
      );
      expect(upload.data.coauthors).toEqual([ids.bob]);
    });
  });
});
