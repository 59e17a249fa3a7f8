// Creating uploads from configured examples (a zip file and a folder) through the upload service, against
// the embedded database: the files, the name, the limits, and what stays out.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { countUnpublishedUploads } from '../store/uploads.ts';
import { createCaller, noFile } from '../testing/callers.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { makeZip } from '../testing/zip.ts';
import { createUpload } from './uploads.ts';

describe('uploads from examples', () => {
  let service: ServiceTestContext;
  let user: CurrentUser;
  let examples: string;
  const raw = (uploadId: string, relative: string) =>
    path.join(service.ctx.config.dataDir, 'uploads', uploadId, 'raw', relative);
  const example = (id: string, examplePath: string) => ({
    id,
    title: `The ${id} example`,
    description: 'd',
    category: 'Tests',
    path: examplePath,
  });

  beforeAll(async () => {
    examples = mkdtempSync(path.join(os.tmpdir(), 'oasis-example-files-'));
    writeFileSync(
      path.join(examples, 'zipped.zip'),
      makeZip({ 'run/out.cif': 'data_x\n', 'README.md': '# x' }),
    );
    mkdirSync(path.join(examples, 'folder', 'sub'), { recursive: true });
    writeFileSync(path.join(examples, 'folder', 'sub', 'a.cif'), 'data_a\n');
    writeFileSync(path.join(examples, 'secret.txt'), 'not part of the example');
    // Links in an example folder are not followed into the server.
    symlinkSync(path.join(examples, 'secret.txt'), path.join(examples, 'folder', 'link.txt'));
    service = await openServiceContext({
      config: {
        uploadLimit: 2,
        exampleUploads: [
          example('zipped', path.join(examples, 'zipped.zip')),
          example('folder', path.join(examples, 'folder')),
        ],
      },
    });
    user = await createCaller(service.ctx.db, 'user');
  });
  afterAll(async () => {
    await service?.close();
    rmSync(examples, { recursive: true, force: true });
  });

  it("extracts a zipped example and copies a folder, named by the example's title", async () => {
    const zipped = await createUpload(service.ctx, user, { file: noFile, exampleUploadId: 'zipped' });
    expect(zipped).toMatchObject({ upload_name: 'The zipped example', process_status: 'PENDING' });
    expect(readFileSync(raw(zipped.upload_id, 'run/out.cif'), 'utf8')).toBe('data_x\n');
    // The shipped archive stays for the next upload.
    expect(existsSync(path.join(examples, 'zipped.zip'))).toBe(true);
    const folder = await createUpload(service.ctx, user, {
      file: noFile,
      exampleUploadId: 'folder',
      uploadName: 'mine',
    });
    expect(folder.upload_name).toBe('mine');
    expect(readFileSync(raw(folder.upload_id, 'sub/a.cif'), 'utf8')).toBe('data_a\n');
    expect(existsSync(raw(folder.upload_id, 'link.txt'))).toBe(false);
  });

  it('counts against the limit and refuses unknown ids before creating anything', async () => {
    expect(
      await failure(createUpload(service.ctx, user, { file: noFile, exampleUploadId: 'zipped' })),
    ).toEqual({
      status: 400,
      detail: 'Limit of unpublished uploads exceeded for user.',
    });
    const other = await createCaller(service.ctx.db, 'other');
    expect(
      await failure(createUpload(service.ctx, other, { file: noFile, exampleUploadId: 'nope' })),
    ).toEqual({
      status: 400,
      detail: "There is no example upload with the id 'nope'.",
    });
    expect(await countUnpublishedUploads(service.ctx.db, other.user_id)).toBe(0);
  });

  it('removes the new upload again when the example does not fit its size limit', async () => {
    const small = await createCaller(service.ctx.db, 'small');
    const limits = service.ctx.config.uploadFiles;
    service.ctx.config.uploadFiles = { ...limits, maxUploadBytes: 4 };
    try {
      for (const exampleUploadId of ['folder', 'zipped']) {
        expect(
          await failure(createUpload(service.ctx, small, { file: noFile, exampleUploadId })),
        ).toMatchObject({
          status: 400,
        });
      }
    } finally {
      service.ctx.config.uploadFiles = limits;
    }
    expect(await countUnpublishedUploads(service.ctx.db, small.user_id)).toBe(0);
  });
});
