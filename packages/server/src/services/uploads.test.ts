// The upload service against a real database, without HTTP: limits, races, permissions, cleanup. In the
// server-postgres project the race tests run where concurrent transactions really overlap.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import type { HttpError } from '../errors.ts';
import { countUnpublishedUploads } from '../store/uploads.ts';
import { createCaller, incomingFile, noFile } from '../testing/callers.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { naclCif } from '../testing/structures.ts';
import { PROCESS_UPLOAD } from '../jobs/processing.ts';
import {
  createUpload,
  deleteUpload,
  readUpload,
  RECEIVE_UPLOAD,
  reprocessUpload,
  UPLOAD_LIMIT_EXCEEDED,
} from './uploads.ts';

describe('creating uploads at the limit', () => {
  const LIMIT = 3;
  let service: ServiceTestContext;
  beforeAll(async () => {
    service = await openServiceContext({ config: { uploadLimit: LIMIT } });
  });
  afterAll(async () => service?.close());

  const create = (user: CurrentUser) => createUpload(service.ctx, user, { file: noFile });

  it('refuses anonymous callers and users beyond their limit of unpublished uploads', async () => {
    const { ctx } = service;
    const ada = await createCaller(ctx.db, 'ada');
    expect(await failure(createUpload(ctx, undefined, { file: noFile }))).toEqual({
      status: 401,
      detail: 'Authentication required.',
    });
    for (let i = 0; i < LIMIT; i++) await create(ada);
    expect(await failure(create(ada))).toEqual({ status: 400, detail: UPLOAD_LIMIT_EXCEEDED });
    // Published uploads do not count.
    await ctx.db.query('UPDATE uploads SET published = true WHERE main_author = $1', [ada.user_id]);
    await create(ada);
    expect(await countUnpublishedUploads(ctx.db, ada.user_id)).toBe(1);
  });

  it('lets exactly one of two concurrent creates take the last place', async () => {
    const { ctx } = service;
    const bob = await createCaller(ctx.db, 'bob');
    for (let i = 0; i < LIMIT - 1; i++) await create(bob);
    const results = await Promise.allSettled([create(bob), create(bob)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect((rejected?.reason as HttpError).detail).toBe(UPLOAD_LIMIT_EXCEEDED);
    expect(await countUnpublishedUploads(ctx.db, bob.user_id)).toBe(LIMIT);
  });

  it('never lets a burst of creates past the limit, and counts each user apart', async () => {
    const { ctx } = service;
    const [cy, di] = [await createCaller(ctx.db, 'cy'), await createCaller(ctx.db, 'di')];
    const burst = [cy, di, cy, di, cy, di, cy, di, cy, di].map((user) => create(user));
    const results = await Promise.allSettled(burst);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2 * LIMIT);
    expect(await countUnpublishedUploads(ctx.db, cy.user_id)).toBe(LIMIT);
    expect(await countUnpublishedUploads(ctx.db, di.user_id)).toBe(LIMIT);
  });
});

describe('upload lifecycle rules', () => {
  let service: ServiceTestContext;
  let author: CurrentUser;
  let coauthor: CurrentUser;
  let reviewer: CurrentUser;
  let stranger: CurrentUser;
  let admin: CurrentUser;
  beforeAll(async () => {
    service = await openServiceContext();
    const { db } = service.ctx;
    author = await createCaller(db, 'author');
    coauthor = await createCaller(db, 'coauthor');
    reviewer = await createCaller(db, 'reviewer');
    stranger = await createCaller(db, 'stranger');
    admin = await createCaller(db, 'admin', { isAdmin: true });
  });
  afterAll(async () => service?.close());

  /** A new upload of the author with a coauthor and a reviewer. */
  const sharedUpload = async () => {
    const upload = await createUpload(service.ctx, author, { file: incomingFile('NaCl.cif', naclCif) });
    await service.ctx.db.query('UPDATE uploads SET coauthors = $2, reviewers = $3 WHERE upload_id = $1', [
      upload.upload_id,
      [coauthor.user_id],
      [reviewer.user_id],
    ]);
    return upload.upload_id;
  };
  const folderOf = (uploadId: string) => path.join(service.ctx.config.dataDir, 'uploads', uploadId);

  it('stores the file of a new upload and queues it for processing', async () => {
    const upload = await createUpload(service.ctx, author, {
      uploadName: 'salt',
      file: incomingFile('NaCl.cif', naclCif),
    });
    expect(upload).toMatchObject({
      upload_name: 'salt',
      main_author: author.user_id,
      process_status: 'PENDING',
    });
    expect(existsSync(path.join(folderOf(upload.upload_id), 'raw', 'NaCl.cif'))).toBe(true);
    // Receiving was a job of its own (a kill mid-way leaves it for a worker to clean up), done by now.
    const { rows } = await service.ctx.db.query(
      'SELECT kind, state FROM jobs WHERE upload_id = $1 ORDER BY kind',
      [upload.upload_id],
    );
    expect(rows).toEqual([
      { kind: PROCESS_UPLOAD, state: 'PENDING' },
      { kind: RECEIVE_UPLOAD, state: 'DONE' },
    ]);
  });

  it('removes a new upload, row and folder, whose file could not be taken', async () => {
    const before = await countUnpublishedUploads(service.ctx.db, stranger.user_id);
    expect(
      await failure(createUpload(service.ctx, stranger, { file: incomingFile(undefined, 'x') })),
    ).toEqual({
      status: 400,
      detail: 'No file name given: send a multipart file or set the file_name query parameter.',
    });
    expect(
      await failure(createUpload(service.ctx, stranger, { file: incomingFile('../escape.cif', 'x') })),
    ).toMatchObject({ status: 400 });
    expect(await countUnpublishedUploads(service.ctx.db, stranger.user_id)).toBe(before);
    const { rows } = await service.ctx.db.query<{ upload_id: string }>(
      'SELECT upload_id FROM uploads WHERE main_author = $1',
      [stranger.user_id],
    );
    expect(rows).toEqual([]);
  });

  it('lets only the main author or an admin delete an upload', async () => {
    const uploadId = await sharedUpload();
    const onlyMain = { status: 401, detail: 'Only the main author may delete an upload.' };
    expect(await failure(deleteUpload(service.ctx, coauthor, uploadId))).toEqual(onlyMain);
    expect(await failure(deleteUpload(service.ctx, reviewer, uploadId))).toEqual({
      status: 401,
      detail: 'You do not have write access to the specified upload.',
    });
    expect(await failure(deleteUpload(service.ctx, stranger, uploadId))).toEqual({
      status: 401,
      detail: 'You do not have access to the specified upload.',
    });
    expect(await failure(deleteUpload(service.ctx, undefined, uploadId))).toMatchObject({ status: 401 });
    const deleted = await deleteUpload(service.ctx, author, uploadId);
    expect(deleted.upload_id).toBe(uploadId);
    expect(existsSync(folderOf(uploadId))).toBe(false);
    expect(await failure(readUpload(service.ctx, author, uploadId))).toEqual({
      status: 404,
      detail: 'The specified upload_id was not found.',
    });

    const adminsToDelete = await sharedUpload();
    await deleteUpload(service.ctx, admin, adminsToDelete);
    expect(await failure(readUpload(service.ctx, author, adminsToDelete))).toMatchObject({ status: 404 });
  });

  it('keeps published uploads', async () => {
    const uploadId = await sharedUpload();
    await service.ctx.db.query('UPDATE uploads SET published = true WHERE upload_id = $1', [uploadId]);
    const published = { status: 400, detail: 'The upload is published and cannot be changed.' };
    expect(await failure(deleteUpload(service.ctx, author, uploadId))).toEqual(published);
    expect(await failure(reprocessUpload(service.ctx, author, uploadId))).toEqual(published);
    // Published without embargo: everyone may read it.
    expect((await readUpload(service.ctx, undefined, uploadId)).upload_id).toBe(uploadId);
  });

  it('lets only writers process an upload again', async () => {
    const uploadId = await sharedUpload();
    await service.ctx.db.query(`UPDATE uploads SET process_status = 'SUCCESS' WHERE upload_id = $1`, [
      uploadId,
    ]);
    expect(await failure(reprocessUpload(service.ctx, reviewer, uploadId))).toEqual({
      status: 401,
      detail: 'You do not have write access to the specified upload.',
    });
    expect(await failure(reprocessUpload(service.ctx, undefined, uploadId))).toMatchObject({ status: 401 });
    expect((await readUpload(service.ctx, reviewer, uploadId)).process_status).toBe('SUCCESS');
    const queued = await reprocessUpload(service.ctx, coauthor, uploadId);
    expect(queued.process_status).toBe('PENDING');
  });
});
