// Folders, copies and moves, entry-file deletion and shell upload commands over HTTP, against the real
// server with its processing worker: the wire formats of NOMAD's recordings, the role matrix, bad input.
import { ApiError, type CallInput } from '@oasis/client';
import type { DeleteEntryFilesRequest, UploadResponse } from '@oasis/schema';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { apiClient, as, callApi, json, refusalOf, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

const ROLES = ['author', 'coauthor', 'reviewer', 'other', 'anonymous'] as const;
type Role = (typeof ROLES)[number];

/** What a writer-only operation answers each role of an unpublished upload (NOMAD's 401 for the rest). */
const WRITERS_ONLY: Record<Role, number> = {
  author: 200,
  coauthor: 200,
  reviewer: 401,
  other: 401,
  anonymous: 401,
};

/** The status of a call of the client: 200 for an answer (the client answers only 2xx), else the refusal's. */
const statusOf = (call: Promise<unknown>): Promise<number | undefined> =>
  call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof ApiError) return error.status;
      throw error;
    },
  );

type PutQuery = NonNullable<CallInput<'uploadRawPut'>['query']>;

const subjectOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

describe('upload file operations over HTTP', () => {
  let server: TestServer;
  const tokens = new Map<Role, string | undefined>();

  const api = (role: Role) => apiClient(server, tokens.get(role));
  /** Raw calls, for what the client cannot send: bad paths, values its types refuse, bare bodies. */
  const call = (role: Role, method: string, apiPath: string, body?: unknown) =>
    callApi(server, tokens.get(role), method, apiPath, body);
  const rawFile = async (uploadId: string, path: string) =>
    (await api('author').file('uploadRawFile', { params: { upload_id: uploadId, path } })).blob.text();

  /** An upload of the author with co-author and reviewer, processed, with CIFs in a, b/c and the root. */
  const sharedUpload = async () => {
    const zip = makeZip({
      'a/NaCl.cif': naclCif,
      'a/notes.txt': 'notes',
      'b/c/NaCl.cif': naclCif,
      'NaCl.cif': naclCif,
    });
    const created = await api('author').upload('uploadCreate', new Blob([zip]), {
      query: { file_name: 'data.zip' },
    });
    await server.ctx.db.query('UPDATE uploads SET coauthors = $2, reviewers = $3 WHERE upload_id = $1', [
      created.upload_id,
      [subjectOf(tokens.get('coauthor')!)],
      [subjectOf(tokens.get('reviewer')!)],
    ]);
    expect((await waitProcessed(server, created.upload_id, tokens.get('author')!)).process_status).toBe(
      'SUCCESS',
    );
    return created.upload_id;
  };

  const entryMainfiles = async (uploadId: string) =>
    (
      await api('author').call('uploadEntries', {
        params: { upload_id: uploadId },
        query: { page_size: 100 },
      })
    ).data
      .map((entry) => entry.mainfile)
      .sort();

  const rawNames = async (uploadId: string, folder = '') =>
    (
      await api('author').call('uploadRawDir', { params: { upload_id: uploadId, path: folder } })
    ).directory_metadata?.content.map((item) => item.name);

  beforeAll(async () => {
    server = await startTestServer({ uploadLimit: 100, jsonBodyLimit: 64 * 1024 });
    for (const role of ROLES)
      tokens.set(role, role === 'anonymous' ? undefined : await createUserWithToken(server, role));
  });
  afterAll(async () => server?.close());

  describe('POST raw-create-dir', () => {
    it('creates folders for writers and answers the upload', async () => {
      const uploadId = await sharedUpload();
      const createDir = (role: Role, path: string, id = uploadId) =>
        api(role).call('uploadRawCreateDir', { params: { upload_id: id, path } });
      for (const role of ROLES) {
        const created = createDir(role, `new/${role}`);
        expect([role, await statusOf(created)]).toEqual([role, WRITERS_ONLY[role]]);
        if (WRITERS_ONLY[role] === 200) {
          expect(await created).toMatchObject({ upload_id: uploadId, data: { process_status: 'SUCCESS' } });
        }
      }
      expect(await rawNames(uploadId, 'new')).toEqual(['author', 'coauthor']);
      expect(await refusalOf(createDir('author', 'new/author'))).toEqual([
        400,
        { detail: 'Path `new/author` already exists.' },
      ]);
      // raw: no path, escapes spelled with encoded slashes and an overlong name, as typed into a URL.
      for (const bad of ['', '..%2F..%2Fescape', 'a/..%2F..%2F..%2Fescape', `${'n'.repeat(300)}`]) {
        expect((await call('author', 'POST', `uploads/${uploadId}/raw-create-dir/${bad}`)).status).toBe(400);
      }
      expect((await refusalOf(createDir('author', 'x', 'no-such-upload')))[0]).toBe(404);
    });
  });

  describe('POST action/delete-entry-files', () => {
    it('answers as NOMAD does and removes the entries with their files', async () => {
      const uploadId = await sharedUpload();
      const entryId = generateEntryId(uploadId, 'a/NaCl.cif');
      const deleteFiles = (role: Role, body: DeleteEntryFilesRequest) =>
        api(role).call('uploadDeleteEntryFiles', { params: { upload_id: uploadId }, body });
      for (const role of ['reviewer', 'other', 'anonymous'] as const) {
        const refused = deleteFiles(role, { query: { entry_id: [entryId] }, include_parent_folders: false });
        expect([role, (await refusalOf(refused))[0]]).toEqual([role, 401]);
      }
      // The body of NOMAD's GUI (delete_entries_from_table.json).
      const answer = await deleteFiles('coauthor', {
        query: { entry_id: [entryId] },
        include_parent_folders: false,
      });
      expect(answer).toMatchObject({
        upload_id: uploadId,
        data: { process_running: true, current_process: 'process_upload', process_status: 'PENDING' },
      });
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif', 'b/c/NaCl.cif']);
      expect(await rawNames(uploadId, 'a')).toEqual(['notes.txt']);

      // Any query of the search language, within this upload, with the folders of the entries.
      await deleteFiles('author', {
        owner: 'visible',
        query: { 'results.material.elements': { all: ['Cl', 'Na'] }, mainfile: 'b/c/NaCl.cif' },
        include_parent_folders: true,
      });
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif']);
      expect(await rawNames(uploadId)).toEqual(['a', 'NaCl.cif']);
    });

    it('refuses bad bodies with 400, 422 and 413', async () => {
      const uploadId = await sharedUpload();
      const post = (body: DeleteEntryFilesRequest) =>
        api('author').call('uploadDeleteEntryFiles', { params: { upload_id: uploadId }, body });
      // raw: bodies the client's types refuse (an unknown field, an unknown owner).
      const postRaw = (body: unknown) =>
        call('author', 'POST', `uploads/${uploadId}/action/delete-entry-files`, body);
      expect(await refusalOf(post({ include_parent_folders: true }))).toEqual([
        400,
        { detail: 'A query must be specified.' },
      ]);
      expect((await postRaw({ query: { entry_id: ['x'] }, extra: 1 })).status).toBe(422);
      expect((await postRaw({ query: { entry_id: ['x'] }, owner: 'everyone' })).status).toBe(422);
      expect((await refusalOf(post({ query: { 'results.material.no_such': 'x' } })))[0]).toBe(422);
      const ids = Array.from({ length: 5000 }, (_, i) => `entry-id-number-${i}`);
      expect((await refusalOf(post({ query: { entry_id: ids } })))[0]).toBe(413);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif', 'a/NaCl.cif', 'b/c/NaCl.cif']);
    });
  });

  describe('PUT raw with copy_or_move and overwrite_if_exists', () => {
    it('copies and moves for writers only and processes the moved mainfile as a new entry', async () => {
      const uploadId = await sharedUpload();
      const put = (role: Role, path: string, query: PutQuery) =>
        api(role).call('uploadRawPut', { params: { upload_id: uploadId, path }, query });
      for (const role of ROLES) {
        const response = put(role, 'a', {
          copy_or_move: 'copy',
          copy_or_move_source_path: 'NaCl.cif',
          file_name: `${role}.cif`,
        });
        expect([role, await statusOf(response)]).toEqual([role, WRITERS_ONLY[role]]);
      }
      await put('author', 'b', {
        copy_or_move: 'move',
        copy_or_move_source_path: 'NaCl.cif',
        file_name: 'moved.cif',
      });
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual([
        'a/NaCl.cif',
        'a/author.cif',
        'a/coauthor.cif',
        'b/c/NaCl.cif',
        'b/moved.cif',
      ]);
      const exists = put('author', 'a', {
        copy_or_move: 'copy',
        copy_or_move_source_path: 'b/moved.cif',
        file_name: 'NaCl.cif',
      });
      expect(await refusalOf(exists)).toEqual([409, { detail: 'The provided path already exists.' }]);
      // raw: copy_or_move=rename is a value the client's types refuse.
      expect(
        (
          await call(
            'author',
            'PUT',
            `uploads/${uploadId}/raw/a?copy_or_move=rename&copy_or_move_source_path=x&file_name=y`,
          )
        ).status,
      ).toBe(422);
      const escape = put('author', 'a', {
        copy_or_move: 'copy',
        copy_or_move_source_path: '../../../etc/passwd',
        file_name: 'p',
      });
      expect(await refusalOf(escape)).toEqual([400, { detail: 'Bad source path provided.' }]);
    });

    it("refuses a dropped file over an existing one with NOMAD's text when overwrite_if_exists is false", async () => {
      const uploadId = await sharedUpload();
      const drop = (overwrite: boolean, content: string) =>
        api('author').upload('uploadRawPut', new File([content], 'NaCl.cif'), {
          params: { upload_id: uploadId, path: 'a' },
          query: { overwrite_if_exists: overwrite },
        });
      expect(await refusalOf(drop(false, 'data_other\n'))).toEqual([
        409,
        { detail: 'The provided path already exists and overwrite_if_exists is set to False.' },
      ]);
      // raw: the file as the bare request body, named by file_name (the way of curl -T), not a form.
      const byName = await fetch(
        `${server.api}/uploads/${uploadId}/raw/a?file_name=NaCl.cif&overwrite_if_exists=false`,
        as(tokens.get('author'), { method: 'PUT', body: 'data_other\n' }),
      );
      expect(byName.status).toBe(409);
      expect(await rawFile(uploadId, 'a/NaCl.cif')).toBe(naclCif);
      await drop(true, 'replaced\n');
      expect(await rawFile(uploadId, 'a/NaCl.cif')).toBe('replaced\n');
    });

    it('saves over a file only with the entry hash of its current content (409 otherwise)', async () => {
      const uploadId = await sharedUpload();
      const hashOf = async (mainfile: string) => {
        const entries = await api('author').call('entriesByQueryString', {
          query: { owner: 'visible', upload_id: uploadId, page_size: 10 },
        });
        // The contract's entry metadata does not name entry_hash (it passes as an additional property).
        const entry = entries.data.find((item) => item.mainfile === mainfile) as
          { entry_hash?: string } | undefined;
        return entry?.entry_hash;
      };
      const hash = (await hashOf('a/NaCl.cif')) ?? '';
      expect(hash).toMatch(/^[\w-]{28}$/);
      const save = (entryHash: string, content: string) =>
        api('author').upload('uploadRawPut', new Blob([content]), {
          params: { upload_id: uploadId, path: 'a' },
          query: { file_name: 'NaCl.cif', wait_for_processing: true, entry_hash: entryHash },
        });
      expect(await refusalOf(save('stale-hash-0000000000000000', 'data_other\n'))).toEqual([
        409,
        { detail: 'The provided hash did not match the current file.' },
      ]);
      expect(await rawFile(uploadId, 'a/NaCl.cif')).toBe(naclCif);
      await save(hash, `${naclCif}# saved\n`);
      expect(await rawFile(uploadId, 'a/NaCl.cif')).toBe(`${naclCif}# saved\n`);
      // The first save changed the file: the same hash is stale now.
      expect((await refusalOf(save(hash, 'data_again\n')))[0]).toBe(409);
      // Two saves read at the same hash, sent at once: one replaces the file, the other is told it changed.
      const current = await hashOf('a/NaCl.cif');
      const [first, second] = await Promise.all([
        statusOf(save(current ?? '', `${naclCif}# first\n`)),
        statusOf(save(current ?? '', `${naclCif}# second\n`)),
      ]);
      expect([first, second].sort()).toEqual([200, 409]);
      const winner = first === 200 ? 'first' : 'second';
      expect(await rawFile(uploadId, 'a/NaCl.cif')).toBe(`${naclCif}# ${winner}\n`);
    });
  });

  describe('GET command-examples', () => {
    it("prints NOMAD's commands with an upload token that creates uploads of the caller", async () => {
      expect((await refusalOf(api('anonymous').call('uploadCommandExamples')))[0]).toBe(401);
      const examples = await api('other').call('uploadCommandExamples');
      const url = examples.upload_url;
      expect(url).toMatch(new RegExp(`^${server.api}/uploads\\?token=[\\w.-]+$`));
      expect(examples).toEqual({
        upload_url: url,
        upload_command: `curl -X POST '${url}' -T <local_file>`,
        upload_command_with_name: `curl -X POST '${url}&upload_name=<name>' -T <local_file>`,
        upload_progress_command: `curl -X POST '${url}' -T <local_file> | xargs echo`,
        upload_command_form: `curl -X POST '${url}' -F file=@<local_file>`,
        upload_tar_command: `tar -cf - <local_folder> | curl -# '${url}' -X POST -T - | xargs echo`,
      });

      // The printed commands go raw, as curl sends them: to their URL, with the bodies they name.
      // `curl -X POST '<url>&upload_name=<name>' -T data.zip`: the file is the body, without a name.
      const withName = /'([^']+)'/.exec(examples.upload_command_with_name)![1]!.replace('<name>', 'shell');
      const created = await fetch(withName, {
        method: 'POST',
        body: makeZip({ 'shell/NaCl.cif': naclCif }),
      });
      expect(created.status).toBe(200);
      const upload = await json<UploadResponse>(created);
      expect(upload.data).toMatchObject({
        upload_name: 'shell',
        main_author: subjectOf(tokens.get('other')!),
      });
      expect((await waitProcessed(server, upload.upload_id, tokens.get('other')!)).process_status).toBe(
        'SUCCESS',
      );
      const mainfilesOf = async (uploadId: string) =>
        (await api('other').call('uploadEntries', { params: { upload_id: uploadId } })).data.map(
          (entry) => entry.mainfile,
        );
      expect(await mainfilesOf(upload.upload_id)).toEqual(['shell/NaCl.cif']);
      const listed = await api('other').call('uploadsList');
      expect(listed.data.map((item) => item.upload_id)).toContain(upload.upload_id);

      // `curl -X POST '<url>' -F file=@NaCl.cif`
      const form = new FormData();
      form.append('file', new Blob([naclCif]), 'NaCl.cif');
      const byForm = await fetch(url, { method: 'POST', body: form });
      expect(byForm.status).toBe(200);
      // `tar -cf - <folder> | curl -# '<url>' -X POST -T -`: a tar stream, sent in chunks.
      const pack = tar.pack();
      pack.entry({ name: 'folder/NaCl.cif' }, naclCif);
      pack.finalize();
      const chunks: Uint8Array[] = [];
      for await (const chunk of pack) chunks.push(chunk as Buffer);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      const byTar = await fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit);
      expect(byTar.status).toBe(200);
      const tarUpload = await json<UploadResponse>(byTar);
      expect((await waitProcessed(server, tarUpload.upload_id, tokens.get('other')!)).process_status).toBe(
        'SUCCESS',
      );
      expect(await mainfilesOf(tarUpload.upload_id)).toEqual(['folder/NaCl.cif']);
      // A plain file without a name cannot be stored.
      const nameless = await fetch(url, { method: 'POST', body: naclCif });
      expect(nameless.status).toBe(400);
    });

    it('opens nothing but creating uploads, and only with a valid token', async () => {
      const { upload_url: url } = await api('reviewer').call('uploadCommandExamples');
      const token = new URL(url).searchParams.get('token')!;
      const cif = new Blob([naclCif]);
      // Not a bearer token anywhere.
      const bearer = apiClient(server, token);
      expect((await refusalOf(bearer.call('uploadsList')))[0]).toBe(401);
      const created = bearer.upload('uploadCreate', cif, { query: { file_name: 'x.cif' } });
      expect((await refusalOf(created))[0]).toBe(401);
      const byToken = (uploadToken: string) =>
        apiClient(server).upload('uploadCreate', cif, { query: { token: uploadToken, file_name: 'x.cif' } });
      const tampered = `${token.slice(0, -4)}AAAA`;
      expect((await refusalOf(byToken(tampered)))[0]).toBe(401);
      // An access token in the token parameter is no upload token.
      expect((await refusalOf(byToken(tokens.get('reviewer')!)))[0]).toBe(401);
      // Longer than the contract allows.
      expect((await refusalOf(byToken('x'.repeat(5000))))[0]).toBe(422);
      // App tokens may not mint tokens that outlive them.
      const { app_token: appToken } = await api('reviewer').call('authAppToken', {
        query: { expires_in: 600 },
      });
      expect((await refusalOf(apiClient(server, appToken).call('uploadCommandExamples')))[0]).toBe(403);
    });
  });
});
