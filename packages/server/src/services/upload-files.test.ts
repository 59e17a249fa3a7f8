// Folders, copies, moves and entry-file deletion in an upload, through the services, against the embedded
// database and a temporary data folder (no processing worker: entries are registered as processing would).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { generateEntryId } from '../processing/ids.ts';
import { upsertPendingEntry } from '../store/entries.ts';
import { createCaller, incomingFile, noFile } from '../testing/callers.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { makeZip } from '../testing/zip.ts';
import { putRawFile } from './raw-files.ts';
import { createUploadFolder, deleteEntryFiles } from './upload-files.ts';
import { createUpload } from './uploads.ts';

const MAINFILES = ['a/x.cif', 'b/c/y.cif', 'top.cif'];

describe('file operations in an upload', () => {
  let service: ServiceTestContext;
  let author: CurrentUser;
  let coauthor: CurrentUser;
  let reviewer: CurrentUser;
  let stranger: CurrentUser;
  let uploadId: string;
  const raw = (relative = '') => path.join(service.ctx.config.dataDir, 'uploads', uploadId, 'raw', relative);

  beforeAll(async () => {
    // A small size limit, so that copies can run over it; a fresh upload for each test.
    service = await openServiceContext({ config: { uploadLimit: 100 } });
    service.ctx.config.uploadFiles = { ...service.ctx.config.uploadFiles, maxUploadBytes: 4096 };
    const { db } = service.ctx;
    author = await createCaller(db, 'author');
    coauthor = await createCaller(db, 'coauthor');
    reviewer = await createCaller(db, 'reviewer');
    stranger = await createCaller(db, 'stranger');
  });
  afterAll(async () => service?.close());

  /** A fresh upload of the author with a coauthor, a reviewer and three registered entries. */
  beforeEach(async () => {
    const zip = makeZip({
      'a/x.cif': 'x',
      'a/aux.txt': 'aux',
      'b/c/y.cif': 'y',
      'top.cif': 'top',
      'notes.txt': 'notes',
    });
    uploadId = (await createUpload(service.ctx, author, { file: incomingFile('data.zip', zip) })).upload_id;
    const { db } = service.ctx;
    await db.query('UPDATE uploads SET coauthors = $2, reviewers = $3 WHERE upload_id = $1', [
      uploadId,
      [coauthor.user_id],
      [reviewer.user_id],
    ]);
    for (const mainfile of MAINFILES) {
      await upsertPendingEntry(db, {
        entry_id: generateEntryId(uploadId, mainfile),
        upload_id: uploadId,
        mainfile,
        parser_name: 'parsers/cif',
      });
    }
    await db.query(`UPDATE uploads SET process_status = 'SUCCESS' WHERE upload_id = $1`, [uploadId]);
  });

  const refusedToOthers = async (call: (user: CurrentUser | undefined) => Promise<unknown>) => {
    expect(await failure(call(reviewer))).toEqual({
      status: 401,
      detail: 'You do not have write access to the specified upload.',
    });
    expect(await failure(call(stranger))).toEqual({
      status: 401,
      detail: 'You do not have access to the specified upload.',
    });
    expect(await failure(call(undefined))).toEqual({ status: 401, detail: 'Authentication required.' });
  };
  const publish = () =>
    service.ctx.db.query('UPDATE uploads SET published = true WHERE upload_id = $1', [uploadId]);
  const published = { status: 400, detail: 'The upload is published and cannot be changed.' };

  describe('creating folders', () => {
    const create = (user: CurrentUser | undefined, folder: string) =>
      createUploadFolder(service.ctx, user, uploadId, folder);

    it('creates a folder with its parents for writers, without processing', async () => {
      const upload = await create(author, 'new/deep/folder');
      expect(upload.process_status).toBe('SUCCESS');
      expect(existsSync(raw('new/deep/folder'))).toBe(true);
      await create(coauthor, 'a/sub');
      expect(existsSync(raw('a/sub'))).toBe(true);
      await refusedToOthers((user) => create(user, 'other'));
      expect(existsSync(raw('other'))).toBe(false);
      await publish();
      expect(await failure(create(author, 'late'))).toEqual(published);
    });

    it('refuses paths that exist, leave the upload or are empty', async () => {
      expect(await failure(create(author, 'a'))).toEqual({ status: 400, detail: 'Path `a` already exists.' });
      expect(await failure(create(author, 'top.cif'))).toEqual({
        status: 400,
        detail: 'Path `top.cif` already exists.',
      });
      expect(await failure(create(author, ''))).toEqual({ status: 400, detail: 'Bad path provided.' });
      expect(await failure(create(author, '/'))).toEqual({ status: 400, detail: 'Bad path provided.' });
      expect(await failure(create(author, '../outside'))).toEqual({
        status: 400,
        detail: 'Bad path: ../outside',
      });
      expect(await failure(create(author, 'a/../../outside'))).toMatchObject({ status: 400 });
      expect(await failure(create(author, '//etc/oasis-test'))).toMatchObject({ status: 400 });
      expect(await failure(create(author, 'top.cif/below'))).toMatchObject({ status: 400 });
      expect(await failure(create(author, 'x'.repeat(300)))).toMatchObject({ status: 400 });
      expect(existsSync(path.join(raw(), '..', 'outside'))).toBe(false);
      // A leading slash names a path of the upload, never one of the server.
      await create(author, '/etc/oasis-example');
      expect(existsSync(raw('etc/oasis-example'))).toBe(true);
    });
  });

  describe('deleting entry files', () => {
    const remove = (user: CurrentUser | undefined, query: Record<string, unknown>, folders = false) =>
      deleteEntryFiles(service.ctx, user, uploadId, { query, include_parent_folders: folders });
    const id = (mainfile: string) => generateEntryId(uploadId, mainfile);

    it('deletes the mainfiles of the entries with the given ids and processes the upload again', async () => {
      await refusedToOthers((user) => remove(user, { entry_id: [id('a/x.cif')] }));
      expect(existsSync(raw('a/x.cif'))).toBe(true);
      const upload = await remove(author, { entry_id: [id('a/x.cif'), id('top.cif')] });
      expect(upload).toMatchObject({ process_status: 'PENDING', current_process: 'process_upload' });
      expect([existsSync(raw('a/x.cif')), existsSync(raw('top.cif'))]).toEqual([false, false]);
      // The entry's other files and folder stay.
      expect([existsSync(raw('a/aux.txt')), existsSync(raw('b/c/y.cif'))]).toEqual([true, true]);
    });

    it('selects by mainfile, by any-of and by the upload, for co-authors too', async () => {
      await remove(coauthor, { 'mainfile:any': ['b/c/y.cif'] });
      expect(existsSync(raw('b/c/y.cif'))).toBe(false);
      expect(existsSync(raw('b/c'))).toBe(true);
      await remove(coauthor, { entry_id: { any: [id('top.cif')] } });
      expect(existsSync(raw('top.cif'))).toBe(false);
      await remove(author, { upload_id: uploadId });
      expect(existsSync(raw('a/x.cif'))).toBe(false);
      expect(existsSync(raw('notes.txt'))).toBe(true);
    });

    it('with include_parent_folders deletes the folders of the entries and the folders left empty', async () => {
      await remove(author, { entry_id: id('b/c/y.cif') }, true);
      expect([existsSync(raw('b/c')), existsSync(raw('b'))]).toEqual([false, false]);
      await remove(author, { entry_id: [id('a/x.cif')] }, true);
      expect(existsSync(raw('a'))).toBe(false);
      // The root is the folder of top.cif: only the file goes.
      await remove(author, { entry_id: [id('top.cif')] }, true);
      expect([existsSync(raw('top.cif')), existsSync(raw('notes.txt'))]).toEqual([false, true]);
    });

    it('changes nothing when the query selects no entry of the upload', async () => {
      const other = await createUpload(service.ctx, author, { file: noFile });
      for (const query of [
        { entry_id: ['no-such-entry'] },
        { upload_id: other.upload_id },
        { entry_id: [id('top.cif')], mainfile: 'a/x.cif' },
      ]) {
        const upload = await remove(author, query);
        expect(upload.process_status).toBe('SUCCESS');
      }
      expect(MAINFILES.every((mainfile) => existsSync(raw(mainfile)))).toBe(true);
    });

    it('refuses a missing or empty query, queries it cannot read, and published uploads', async () => {
      const missing = { status: 400, detail: 'A query must be specified.' };
      expect(await failure(remove(author, {}))).toEqual(missing);
      expect(await failure(deleteEntryFiles(service.ctx, author, uploadId, {}))).toEqual(missing);
      expect(await failure(remove(author, { no_such_quantity: 'x' }))).toMatchObject({ status: 422 });
      expect(await failure(remove(author, { entry_id: { no_such_operator: ['x'] } }))).toMatchObject({
        status: 422,
      });
      expect(
        await failure(
          deleteEntryFiles(service.ctx, author, uploadId, { query: { entry_id: 'x' }, owner: 'admin' }),
        ),
      ).toMatchObject({ status: 401 });
      await publish();
      expect(await failure(remove(author, { entry_id: [id('top.cif')] }))).toEqual(published);
      expect(existsSync(raw('top.cif'))).toBe(true);
    });
  });

  describe('copying and moving files', () => {
    const copyOrMove = (
      user: CurrentUser | undefined,
      op: 'copy' | 'move' | undefined,
      source: string | undefined,
      target: { path: string; fileName?: string; overwrite?: boolean; wait?: boolean },
    ) =>
      putRawFile(
        service.ctx,
        user,
        uploadId,
        {
          path: target.path,
          fileName: target.fileName,
          overwriteIfExists: target.overwrite,
          waitForProcessing: target.wait,
          copyOrMove: op,
          copyOrMoveSourcePath: source,
        },
        noFile,
      );

    it('copies a file for writers and processes the upload again', async () => {
      await refusedToOthers((user) => copyOrMove(user, 'copy', 'a/x.cif', { path: 'b', fileName: 'x.cif' }));
      const result = await copyOrMove(coauthor, 'copy', 'a/x.cif', { path: 'b', fileName: 'x.cif' });
      expect(result.upload.process_status).toBe('PENDING');
      expect(readFileSync(raw('b/x.cif'), 'utf8')).toBe('x');
      expect(existsSync(raw('a/x.cif'))).toBe(true);
      await copyOrMove(author, 'copy', 'a/x.cif', { path: '', fileName: '(Copy) x.cif' });
      expect(readFileSync(raw('(Copy) x.cif'), 'utf8')).toBe('x');
    });

    it('moves a mainfile to another folder', async () => {
      await copyOrMove(author, 'move', 'top.cif', { path: 'b/c', fileName: 'moved.cif' });
      expect(existsSync(raw('top.cif'))).toBe(false);
      expect(readFileSync(raw('b/c/moved.cif'), 'utf8')).toBe('top');
    });

    it('refuses an existing target unless asked to overwrite it', async () => {
      expect(await failure(copyOrMove(author, 'copy', 'a/x.cif', { path: '', fileName: 'top.cif' }))).toEqual(
        {
          status: 409,
          detail: 'The provided path already exists.',
        },
      );
      expect(readFileSync(raw('top.cif'), 'utf8')).toBe('top');
      await copyOrMove(author, 'move', 'a/x.cif', { path: '', fileName: 'top.cif', overwrite: true });
      expect(readFileSync(raw('top.cif'), 'utf8')).toBe('x');
      expect(existsSync(raw('a/x.cif'))).toBe(false);
      // A folder is never replaced.
      expect(
        await failure(copyOrMove(author, 'copy', 'top.cif', { path: 'b', fileName: 'c', overwrite: true })),
      ).toMatchObject({ status: 409 });
    });

    it('refuses bad names, missing sources and targets, and incomplete requests', async () => {
      const incomplete =
        'For a successful copy/move operation, all three query parameters: file_name, copy_or_move and ' +
        'copy_or_move_source_path are required.';
      const badPath = { status: 400, detail: 'Bad source path provided.' };
      const badName = { status: 400, detail: 'Bad file name provided' };
      type Case = [
        op: 'copy' | 'move' | undefined,
        source: string | undefined,
        target: { path: string; fileName?: string; wait?: boolean },
        refusal: { status: number; detail?: string },
      ];
      const cases: Case[] = [
        [undefined, 'top.cif', { path: '', fileName: 'z.cif' }, { status: 400, detail: incomplete }],
        ['copy', undefined, { path: '', fileName: 'z.cif' }, { status: 400, detail: incomplete }],
        ['copy', 'top.cif', { path: '' }, { status: 400, detail: incomplete }],
        ['copy', '../../../etc/passwd', { path: '', fileName: 'p' }, badPath],
        ['copy', '', { path: '', fileName: 'p' }, badPath],
        ...['../p', 'a/p', '', 'p\u0000', 'n'.repeat(300)].map((name): Case => [
          'copy',
          'top.cif',
          { path: '', fileName: name },
          badName,
        ]),
        ['copy', 'top.cif', { path: '../..', fileName: 'p' }, { status: 400 }],
        [
          'copy',
          'missing.cif',
          { path: '', fileName: 'p' },
          { status: 404, detail: 'The file to copy does not exist: missing.cif' },
        ],
        [
          'move',
          'top.cif',
          { path: 'nowhere', fileName: 'p' },
          { status: 404, detail: 'No file or folder with that path found.' },
        ],
        [
          'move',
          'top.cif',
          { path: '', fileName: 'top.cif' },
          { status: 400, detail: 'The source and the target of the copy or move are the same path.' },
        ],
        ['copy', 'a', { path: 'b', fileName: 'a' }, { status: 400 }],
        [
          'copy',
          'top.cif',
          { path: '', fileName: 'p', wait: true },
          { status: 400, detail: 'Cannot move/copy the file with wait_for_processing set to true.' },
        ],
      ];
      for (const [op, source, target, refusal] of cases) {
        const request = JSON.stringify({ op, source, target });
        expect(await failure(copyOrMove(author, op, source, target)), request).toMatchObject(refusal);
      }
      expect(existsSync(raw('p'))).toBe(false);
      expect(existsSync(raw('top.cif'))).toBe(true);
    });

    it('keeps copies within the size limit of the upload', async () => {
      await putRawFile(
        service.ctx,
        author,
        uploadId,
        { path: '' },
        incomingFile('big.txt', 'b'.repeat(3000)),
      );
      expect(
        await failure(copyOrMove(author, 'copy', 'big.txt', { path: '', fileName: 'big2.txt' })),
      ).toEqual({
        status: 400,
        detail: 'The upload would hold more than 4 kB of files, the limit per upload.',
      });
      expect(existsSync(raw('big2.txt'))).toBe(false);
      // Moving adds nothing.
      await copyOrMove(author, 'move', 'big.txt', { path: 'a', fileName: 'big.txt' });
      expect(existsSync(raw('a/big.txt'))).toBe(true);
      await publish();
      expect(
        await failure(copyOrMove(author, 'move', 'top.cif', { path: 'a', fileName: 'top.cif' })),
      ).toEqual(published);
    });
  });

  describe('adding a file where one exists', () => {
    const put = (name: string, content: string | Buffer, overwrite?: boolean) =>
      putRawFile(
        service.ctx,
        author,
        uploadId,
        { path: 'a', overwriteIfExists: overwrite },
        incomingFile(name, content),
      );

    it('replaces it by default and refuses with NOMAD text when overwrite_if_exists is false', async () => {
      await put('x.cif', 'replaced');
      expect(readFileSync(raw('a/x.cif'), 'utf8')).toBe('replaced');
      // The name of a multipart part counts like file_name.
      expect(await failure(put('x.cif', 'kept?', false))).toEqual({
        status: 409,
        detail: 'The provided path already exists and overwrite_if_exists is set to False.',
      });
      expect(readFileSync(raw('a/x.cif'), 'utf8')).toBe('replaced');
      await put('x.cif', 'asked', true);
      expect(readFileSync(raw('a/x.cif'), 'utf8')).toBe('asked');
      // New names are taken either way; archives are merged as before.
      await put('new.cif', 'n', false);
      expect(existsSync(raw('a/new.cif'))).toBe(true);
      await put('more.zip', makeZip({ 'x.cif': 'from zip' }), false);
      expect(readFileSync(raw('a/x.cif'), 'utf8')).toBe('from zip');
    });
  });
});
