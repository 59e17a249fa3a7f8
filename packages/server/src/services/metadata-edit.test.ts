// Editing upload and entry metadata (NOMAD's MetadataEditRequest) against the embedded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { HttpError } from '../errors.ts';
import { entryDocuments } from '../search/entry-documents.ts';
import { insertDataset } from '../store/datasets.ts';
import { deleteEntries, saveEntryResult } from '../store/entries.ts';
import { deleteUploadRow, findUpload } from '../store/uploads.ts';
import { createCaller } from '../testing/callers.ts';
import { storeProcessedUpload, type StoredUpload } from '../testing/curation.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { queryEntries } from './search.ts';
import { editEntries, editUpload } from './upload-edit.ts';

describe('editing metadata', () => {
  let service: ServiceTestContext;
  let ada: CurrentUser;
  let bob: CurrentUser;
  let rev: CurrentUser;
  let eve: CurrentUser;
  let admin: CurrentUser;

  const doc = async (entryId: string) =>
    (await entryDocuments(service.ctx.db, [entryId])).get(entryId) as Record<string, unknown>;
  const upload = (id: string) => findUpload(service.ctx.db, id);
  const fresh = (options: Partial<Parameters<typeof storeProcessedUpload>[1]> = {}): Promise<StoredUpload> =>
    storeProcessedUpload(service.ctx.db, {
      mainAuthor: ada.user_id,
      mainfiles: ['a/one.cif', 'b/two.cif'],
      coauthors: [bob.user_id],
      reviewers: [rev.user_id],
      ...options,
    });

  beforeAll(async () => {
    service = await openServiceContext();
    const { db } = service.ctx;
    ada = await createCaller(db, 'ada');
    bob = await createCaller(db, 'bob');
    rev = await createCaller(db, 'rev');
    eve = await createCaller(db, 'eve');
    admin = await createCaller(db, 'root', { isAdmin: true });
    await db.query(`INSERT INTO user_groups (group_id, group_name, owner) VALUES ('g1', 'Group one', $1)`, [
      ada.user_id,
    ]);
  });
  afterAll(async () => service?.close());

  it('sets the name (trimmed) and members, by list (replace) and by add/remove', async () => {
    const { uploadId } = await fresh();
    await editUpload(service.ctx, ada, uploadId, {
      metadata: {
        upload_name: '  My upload  ',
        coauthors: ['eve'],
        reviewers: { add: [rev.user_id, ada.user_id] },
        coauthor_groups: ['g1'],
        reviewer_groups: { add: 'all' },
      },
    });
    expect(await upload(uploadId)).toMatchObject({
      upload_name: 'My upload',
      coauthors: [eve.user_id],
      // The main author is never made a reviewer too.
      reviewers: [rev.user_id],
      coauthor_groups: ['g1'],
      reviewer_groups: ['all'],
    });
    // Users by id, username or email; eve (now a co-author) may edit the members herself.
    await editUpload(service.ctx, eve, uploadId, {
      metadata: { coauthors: { remove: eve.user_id, add: [bob.username, ada.user_id] } },
    });
    expect((await upload(uploadId))?.coauthors).toEqual([bob.user_id]);
    await editUpload(service.ctx, bob, uploadId, { metadata: { reviewer_groups: { remove: ['all'] } } });
    expect((await upload(uploadId))?.reviewer_groups).toEqual([]);
  });

  it('answers problems as 422 located at their field, and changes nothing then', async () => {
    const { uploadId } = await fresh();
    const refusal = await failure(
      editUpload(service.ctx, ada, uploadId, {
        metadata: {
          upload_name: 'never',
          coauthors: ['nobody'],
          reviewer_groups: ['no-such-group'],
          coauthor_groups: { add: 'all' },
          references: ['not a url'],
          datasets: { set: ['x'] },
        },
      }),
    );
    expect(refusal.status).toBe(422);
    expect(refusal.detail).toEqual(
      expect.arrayContaining([
        { loc: ['metadata', 'coauthors'], msg: 'User reference not found: `nobody`', type: 'value_error' },
        {
          loc: ['metadata', 'reviewer_groups'],
          msg: "User group 'no-such-group' does not exist.",
          type: 'value_error',
        },
        {
          loc: ['metadata', 'coauthor_groups'],
          msg: "Special group 'all' is invalid for field coauthor_groups.",
          type: 'value_error',
        },
        { loc: ['metadata', 'references'], msg: 'Please enter a valid URL ...', type: 'value_error' },
        {
          loc: ['metadata', 'datasets'],
          msg: 'Only `add` and `remove` operations permitted for datasets',
          type: 'value_error',
        },
      ]),
    );
    expect((await upload(uploadId))?.upload_name).toBeNull();
    expect(
      (
        await failure(
          editUpload(service.ctx, ada, uploadId, { metadata: { references: { add: 'x', remove: 'x' } } }),
        )
      ).detail,
    ).toEqual([
      { loc: ['metadata', 'references'], msg: 'Please enter a valid URL ...', type: 'value_error' },
    ]);
    expect((await failure(editUpload(service.ctx, ada, uploadId, { metadata: {} }))).detail).toEqual([
      { loc: ['metadata'], msg: 'No fields to update specified', type: 'value_error' },
    ]);
  });

  it('edits comment, references, datasets and entry name of every entry, and the search index follows', async () => {
    const { uploadId, entryIds } = await fresh();
    const mine = await insertDataset(service.ctx.db, { dataset_name: 'Mine', user_id: ada.user_id });
    // bob writes the upload but does not own the dataset: nothing changes.
    expect(
      (
        await failure(
          editUpload(service.ctx, bob, uploadId, { metadata: { comment: 'x', datasets: ['Mine'] } }),
        )
      ).detail,
    ).toEqual([
      { loc: ['metadata', 'datasets'], msg: 'Dataset reference not found: `Mine`', type: 'value_error' },
    ]);
    expect((await doc(entryIds[0]!)).comment).toBe('from nomad.yaml');

    await editUpload(service.ctx, ada, uploadId, {
      metadata: {
        comment: 'A comment',
        references: { add: ['https://example.org/paper'] },
        datasets: ['Mine'],
      },
      entries: { [entryIds[1]!]: { entry_name: 'Second entry', comment: 'Own comment' } },
    });
    const first = await doc(entryIds[0]!);
    expect(first).toMatchObject({
      comment: 'A comment',
      references: ['https://example.org/paper'],
      entry_name: 'one.cif',
      datasets: [{ dataset_id: mine.dataset_id, dataset_name: 'Mine', dataset_type: 'owned' }],
    });
    expect(await doc(entryIds[1]!)).toMatchObject({ comment: 'Own comment', entry_name: 'Second entry' });

    const found = await queryEntries(service.ctx, ada, {
      owner: 'visible',
      query: { 'datasets.dataset_id': mine.dataset_id, comment: 'A comment' },
      pagination: { page_size: 10 },
    });
    expect(found.data.map((entry) => entry.entry_id)).toEqual([entryIds[0]]);

    // Processing writes `metadata` again; what users set survives it.
    await saveEntryResult(service.ctx.db, entryIds[0]!, {
      status: 'SUCCESS',
      errors: [],
      metadata: { entry_name: 'one.cif', comment: 'processed again' },
    });
    expect(await doc(entryIds[0]!)).toMatchObject({
      comment: 'A comment',
      references: ['https://example.org/paper'],
      datasets: [{ dataset_id: mine.dataset_id }],
    });

    // Clearing: an empty comment is cleared, an empty entry name falls back to the processed one.
    await editUpload(service.ctx, ada, uploadId, {
      metadata: {
        comment: '',
        references: { remove: 'https://example.org/paper' },
        datasets: { remove: 'Mine' },
      },
      entries: { [entryIds[1]!]: { entry_name: '' } },
    });
    expect(await doc(entryIds[0]!)).toMatchObject({ comment: null, references: [], datasets: [] });
    expect((await doc(entryIds[1]!)).entry_name).toBe('two.cif');
  });

  it('selects entries with a query within the upload, or by mainfile', async () => {
    const { uploadId, entryIds } = await fresh();
    const other = await fresh();
    await editUpload(service.ctx, ada, uploadId, {
      owner: 'visible',
      query: { mainfile: 'a/one.cif' },
      metadata: { comment: 'only one' },
    });
    expect((await doc(entryIds[0]!)).comment).toBe('only one');
    expect((await doc(entryIds[1]!)).comment).toBe('from nomad.yaml');
    expect((await doc(other.entryIds[0]!)).comment).toBe('from nomad.yaml');
    // As the GUI's metadata dialog asks for selected entries; a query that finds none is a located error.
    await editUpload(service.ctx, ada, uploadId, {
      owner: 'user',
      query: { 'entry_id:any': entryIds },
      metadata: { references: ['https://example.org/both'] },
    });
    expect((await doc(entryIds[1]!)).references).toEqual(['https://example.org/both']);
    expect(
      (
        await failure(
          editUpload(service.ctx, ada, uploadId, {
            query: { mainfile: 'nothing' },
            metadata: { comment: 'x' },
          }),
        )
      ).detail,
    ).toEqual([{ loc: ['query'], msg: 'No matching entries found', type: 'value_error' }]);
    // Upload fields need the upload without a query.
    const refusal = await failure(
      editUpload(service.ctx, ada, uploadId, {
        query: { mainfile: 'a/one.cif' },
        metadata: { upload_name: 'x' },
      }),
    );
    expect(refusal.detail).toEqual([
      {
        loc: ['metadata', 'upload_name'],
        msg: 'Quantity can only be edited on the upload level',
        type: 'value_error',
      },
    ]);
    await editUpload(service.ctx, ada, uploadId, {
      entries_key: 'mainfile',
      entries: { 'b/two.cif': { comment: 'by mainfile' } },
    });
    expect((await doc(entryIds[1]!)).comment).toBe('by mainfile');
    expect(
      (
        await failure(
          editUpload(service.ctx, ada, uploadId, { entries: { 'no-such-entry': { comment: 'x' } } }),
        )
      ).detail,
    ).toEqual([
      {
        loc: ['entries', 'no-such-entry'],
        msg: 'Entry `no-such-entry` is not among the entries this edit selects',
        type: 'value_error',
      },
    ]);
  });

  it('checks everything and changes nothing with verify_only', async () => {
    const { uploadId, entryIds } = await fresh();
    await editUpload(service.ctx, ada, uploadId, {
      verify_only: true,
      metadata: { upload_name: 'checked', comment: 'checked', coauthors: [] },
    });
    expect(await upload(uploadId)).toMatchObject({ upload_name: null, coauthors: [bob.user_id] });
    expect((await doc(entryIds[0]!)).comment).toBe('from nomad.yaml');
    expect(
      (
        await failure(
          editUpload(service.ctx, ada, uploadId, { verify_only: true, metadata: { coauthors: ['x'] } }),
        )
      ).status,
    ).toBe(422);
  });

  it('lets writers edit and refuses everyone else (role matrix)', async () => {
    const { uploadId } = await fresh();
    const edit = (caller: CurrentUser | undefined, id = uploadId) =>
      editUpload(service.ctx, caller, id, { metadata: { comment: 'by a writer' } }).then(
        () => 200,
        (error: unknown) => (error instanceof HttpError ? error.statusCode : 500),
      );
    expect(await edit(undefined)).toBe(401);
    expect(await edit(eve)).toBe(401);
    expect(await edit(rev)).toBe(401);
    expect(await edit(ada)).toBe(200);
    expect(await edit(bob)).toBe(200);
    expect(await edit(admin)).toBe(200);
    expect(await edit(ada, 'no-such-upload')).toBe(404);
    // A member of a co-author group writes too.
    const grouped = await fresh({ coauthors: [] });
    await service.ctx.db.query(`UPDATE uploads SET coauthor_groups = '{g1}' WHERE upload_id = $1`, [
      grouped.uploadId,
    ]);
    expect(await edit({ ...eve, group_ids: ['g1'] }, grouped.uploadId)).toBe(200);
    expect(await edit(eve, grouped.uploadId)).toBe(401);
  });

  it('refuses edits while the upload is processing', async () => {
    const { uploadId } = await fresh({ processStatus: 'RUNNING' });
    expect(await failure(editUpload(service.ctx, ada, uploadId, { metadata: { comment: 'x' } }))).toEqual({
      status: 400,
      detail: `Upload ${uploadId} is blocked by another process`,
    });
  });

  it('allows on published uploads members, comments and datasets, and only shorter embargoes by the main author', async () => {
    const { uploadId, entryIds } = await fresh({ published: true });
    await service.ctx.db.query(
      'UPDATE uploads SET embargo_length = 12, with_embargo = true WHERE upload_id = $1',
      [uploadId],
    );
    await editUpload(service.ctx, bob, uploadId, {
      metadata: { reviewers: [eve.user_id], comment: 'later' },
    });
    expect((await upload(uploadId))?.reviewers).toEqual([eve.user_id]);
    expect((await doc(entryIds[0]!)).comment).toBe('later');

    const renamed = await failure(
      editUpload(service.ctx, ada, uploadId, { metadata: { upload_name: 'x', entry_name: 'y' } }),
    );
    expect(renamed).toEqual({
      status: 422,
      detail: [
        {
          loc: ['metadata', 'upload_name'],
          msg: `Upload ${uploadId} is published, its name cannot be changed`,
          type: 'value_error',
        },
        {
          loc: ['metadata', 'entry_name'],
          msg: `Upload ${uploadId} is published, entry names cannot be changed`,
          type: 'value_error',
        },
      ],
    });
    expect(
      (await failure(editUpload(service.ctx, bob, uploadId, { metadata: { embargo_length: 0 } }))).status,
    ).toBe(401);
    expect(
      (await failure(editUpload(service.ctx, ada, uploadId, { metadata: { embargo_length: 24 } }))).detail,
    ).toEqual([
      {
        loc: ['metadata', 'embargo_length'],
        msg: `Upload ${uploadId} is published, its embargo can only be shortened or lifted`,
        type: 'value_error',
      },
    ]);
    await editUpload(service.ctx, ada, uploadId, { metadata: { embargo_length: 6 } });
    expect(await upload(uploadId)).toMatchObject({ embargo_length: 6, with_embargo: true });
    await editUpload(service.ctx, ada, uploadId, { metadata: { embargo_length: 0 } });
    expect(await upload(uploadId)).toMatchObject({ embargo_length: 0, with_embargo: false });
    // Once public, an embargo cannot come back.
    expect(
      (await failure(editUpload(service.ctx, ada, uploadId, { metadata: { embargo_length: 3 } }))).status,
    ).toBe(422);
  });

  it('refuses adding to and removing from a dataset with a DOI', async () => {
    const { uploadId, entryIds } = await fresh({ published: true });
    const fixed = await insertDataset(service.ctx.db, {
      dataset_name: 'With DOI',
      user_id: ada.user_id,
      doi: '10.5072/abc',
    });
    await service.ctx.db.query('INSERT INTO dataset_entries (dataset_id, entry_id) VALUES ($1, $2)', [
      fixed.dataset_id,
      entryIds[0],
    ]);
    for (const [op, word] of [
      ['add', 'added'],
      ['remove', 'removed'],
    ] as const) {
      expect(
        (
          await failure(
            editUpload(service.ctx, ada, uploadId, { metadata: { datasets: { [op]: [fixed.dataset_id] } } }),
          )
        ).detail,
      ).toEqual([
        {
          loc: ['metadata', 'datasets'],
          msg: `Dataset \`${fixed.dataset_id}\` has a DOI, entries cannot be ${word}`,
          type: 'value_error',
        },
      ]);
    }
    const others = await insertDataset(service.ctx.db, { dataset_name: 'Theirs', user_id: bob.user_id });
    expect(
      (await failure(editUpload(service.ctx, ada, uploadId, { metadata: { datasets: [others.dataset_id] } })))
        .detail,
    ).toEqual([
      {
        loc: ['metadata', 'datasets'],
        msg: `Dataset \`${others.dataset_id}\` does not belong to you`,
        type: 'value_error',
      },
    ]);
    expect((await doc(entryIds[0]!)).datasets).toEqual([
      expect.objectContaining({ dataset_id: fixed.dataset_id, doi: '10.5072/abc' }),
    ]);
  });

  it('lets entries and uploads in datasets be deleted (the index forgets them)', async () => {
    const { uploadId, entryIds } = await fresh();
    const dataset = await insertDataset(service.ctx.db, { dataset_name: 'Doomed', user_id: ada.user_id });
    await editUpload(service.ctx, ada, uploadId, { metadata: { datasets: [dataset.dataset_id] } });
    await deleteEntries(service.ctx.db, [entryIds[0]!]);
    expect((await doc(entryIds[1]!)).datasets).toEqual([
      expect.objectContaining({ dataset_id: dataset.dataset_id }),
    ]);
    await deleteUploadRow(service.ctx.db, uploadId);
    const { rows } = await service.ctx.db.query('SELECT * FROM dataset_entries WHERE dataset_id = $1', [
      dataset.dataset_id,
    ]);
    expect(rows).toEqual([]);
    const found = await queryEntries(service.ctx, ada, {
      owner: 'visible',
      query: { 'datasets.dataset_id': dataset.dataset_id },
    });
    expect(found.pagination.total).toBe(0);
  });

  it('edits entries across uploads the caller writes, selected by a query', async () => {
    const one = await fresh();
    const two = await storeProcessedUpload(service.ctx.db, { mainAuthor: bob.user_id, mainfiles: ['x.cif'] });
    const query = { 'entry_id:any': [one.entryIds[0]!, two.entryIds[0]!] };
    const edit = (caller: CurrentUser, comment: string) =>
      editEntries(service.ctx, caller, { owner: 'visible', query, metadata: { comment } });
    // ada is no member of bob's upload: her query selects her entry only.
    const verified = await edit(ada, 'by ada');
    expect(verified.metadata).toEqual({ comment: 'by ada' });
    expect((await doc(one.entryIds[0]!)).comment).toBe('by ada');
    expect((await doc(two.entryIds[0]!)).comment).toBe('from nomad.yaml');
    // bob writes both.
    await edit(bob, 'by bob');
    expect((await doc(one.entryIds[0]!)).comment).toBe('by bob');
    expect((await doc(two.entryIds[0]!)).comment).toBe('by bob');
    // rev sees ada's upload but may not write it.
    expect(await failure(edit(rev, 'by rev'))).toEqual({
      status: 401,
      detail: `You do not have write access to the upload ${one.uploadId}.`,
    });
    expect((await failure(edit(eve, 'by eve'))).detail).toEqual([
      { loc: ['query'], msg: 'No matching entries found', type: 'value_error' },
    ]);
    expect((await failure(editEntries(service.ctx, ada, { metadata: { comment: 'x' } }))).detail).toEqual([
      { loc: ['query'], msg: 'Must specify `query` or `upload_id`', type: 'value_error' },
    ]);
    expect(
      (await failure(editEntries(service.ctx, undefined, { query, metadata: { comment: 'x' } }))).status,
    ).toBe(401);
    // Upload fields belong to POST uploads/{id}/edit.
    expect(
      (
        await failure(
          editEntries(service.ctx, ada, { owner: 'visible', query, metadata: { embargo_length: 3 } }),
        )
      ).detail,
    ).toEqual([
      {
        loc: ['metadata', 'embargo_length'],
        msg: 'Quantity can only be edited on the upload level',
        type: 'value_error',
      },
    ]);
  });
});
