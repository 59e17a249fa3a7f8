// Raw files of an upload through the service, against the embedded database and a temporary data folder.
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { createCaller, incomingFile } from '../testing/callers.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { makeZip } from '../testing/zip.ts';
import { deleteRawPath, listRawPath, putRawFile, readRawFile } from './raw-files.ts';
import { createUpload } from './uploads.ts';

describe('raw files of an upload', () => {
  let service: ServiceTestContext;
  let author: CurrentUser;
  let reviewer: CurrentUser;
  let uploadId: string;

  beforeAll(async () => {
    service = await openServiceContext();
    author = await createCaller(service.ctx.db, 'author');
    reviewer = await createCaller(service.ctx.db, 'reviewer');
    const zip = makeZip({
      'a/one.txt': 'one',
      'a/two.txt': 'second',
      'b/three.txt': 'three',
      'top.txt': '0123456789',
    });
    const upload = await createUpload(service.ctx, author, { file: incomingFile('data.zip', zip) });
    uploadId = upload.upload_id;
    await service.ctx.db.query('UPDATE uploads SET reviewers = $2 WHERE upload_id = $1', [
      uploadId,
      [reviewer.user_id],
    ]);
  });
  afterAll(async () => service?.close());

  it('reads a file, or a range of it, for members only', async () => {
    const whole = await readRawFile(service.ctx, reviewer, uploadId, 'top.txt', {});
    expect(whole.name).toBe('top.txt');
    expect(await text(whole.stream!)).toBe('0123456789');
    const part = await readRawFile(service.ctx, author, uploadId, '/top.txt', { offset: 2, length: 3 });
    expect(await text(part.stream!)).toBe('234');
    expect(
      (await readRawFile(service.ctx, author, uploadId, 'top.txt', { offset: 10 })).stream,
    ).toBeUndefined();
    expect(
      await failure(readRawFile(service.ctx, author, uploadId, 'top.txt', { offset: 11 })),
    ).toMatchObject({
      status: 400,
    });
    expect(await failure(readRawFile(service.ctx, author, uploadId, 'a', {}))).toMatchObject({ status: 400 });
    expect(await failure(readRawFile(service.ctx, author, uploadId, 'nothing', {}))).toMatchObject({
      status: 404,
    });
    expect(await failure(readRawFile(service.ctx, undefined, uploadId, 'top.txt', {}))).toMatchObject({
      status: 401,
    });
  });

  it('lists a folder page by page, sorted by name', async () => {
    const root = await listRawPath(service.ctx, author, uploadId, '', {});
    expect('folder' in root && root.folder.items.map((item) => [item.name, item.isFile, item.size])).toEqual([
      // A folder's size is that of the files below it, as NOMAD gives it.
      ['a', false, 9],
      ['b', false, 5],
      ['top.txt', true, 10],
    ]);
    const second = await listRawPath(service.ctx, author, uploadId, 'a', { page: 2, pageSize: 1 });
    expect('folder' in second && second.folder).toMatchObject({
      total: 2,
      items: [{ name: 'two.txt', size: 6 }],
    });
    const file = await listRawPath(service.ctx, author, uploadId, 'a/one.txt', {});
    expect('file' in file && file.file).toEqual({ name: 'one.txt', isFile: true, size: 3 });
  });

  it('deletes paths inside the upload only, for writers only', async () => {
    const remove = (user: CurrentUser | undefined, path: string) =>
      deleteRawPath(service.ctx, user, uploadId, path);
    expect(await failure(remove(author, ''))).toEqual({
      status: 400,
      detail: 'No path given: use DELETE /uploads/{upload_id} to delete the upload.',
    });
    expect(await failure(remove(author, '/'))).toMatchObject({ status: 400 });
    expect(await failure(remove(author, '../../etc'))).toEqual({
      status: 400,
      detail: 'Bad path: ../../etc',
    });
    expect(await failure(remove(author, 'a/../../x'))).toMatchObject({ status: 400 });
    expect(await failure(remove(author, 'missing.txt'))).toEqual({
      status: 404,
      detail: 'The requested path does not exist.',
    });
    expect(await failure(remove(reviewer, 'b'))).toEqual({
      status: 401,
      detail: 'You do not have write access to the specified upload.',
    });
    expect(await failure(remove(undefined, 'b'))).toMatchObject({ status: 401 });
    const upload = await remove(author, 'b');
    expect(upload.process_status).toBe('PENDING');
    expect(await failure(readRawFile(service.ctx, author, uploadId, 'b/three.txt', {}))).toMatchObject({
      status: 404,
    });
  });

  it('adds files for writers, and keeps an existing one when asked to', async () => {
    const put = (user: CurrentUser, path: string, fileName: string, overwriteIfExists?: boolean) =>
      putRawFile(
        service.ctx,
        user,
        uploadId,
        { path, fileName, overwriteIfExists },
        incomingFile(fileName, 'new'),
      );
    expect(await failure(put(reviewer, 'c', 'new.txt'))).toMatchObject({ status: 401 });
    const result = await put(author, 'c', 'new.txt');
    expect(result.upload.process_status).toBe('PENDING');
    expect(await text((await readRawFile(service.ctx, author, uploadId, 'c/new.txt', {})).stream!)).toBe(
      'new',
    );
    expect(await failure(put(author, 'c', 'new.txt', false))).toEqual({
      status: 409,
      detail: 'The provided path already exists and overwrite_if_exists is set to False.',
    });
  });
});
