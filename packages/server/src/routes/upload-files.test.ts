// Folders, copies and moves, entry-file deletion and shell upload commands over HTTP, against the real
// server with its processing worker: the wire formats of NOMAD's recordings, the role matrix, bad input.
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { as, callApi, json, waitProcessed } from '../testing/http.ts';
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

interface UploadAnswer {
  upload_id: string;
  data: { process_status: string; process_running: boolean; current_process: string; main_author: string };
}

const subjectOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

describe('upload file operations over HTTP', () => {
  let server: TestServer;
  const tokens = new Map<Role, string | undefined>();

  const call = (role: Role, method: string, apiPath: string, body?: unknown) =>
    callApi(server, tokens.get(role), method, apiPath, body);

  /** An upload of the author with co-author and reviewer, processed, with CIFs in a, b/c and the root. */
  const sharedUpload = async () => {
    const zip = makeZip({
      'a/NaCl.cif': naclCif,
      'a/notes.txt': 'notes',
      'b/c/NaCl.cif': naclCif,
      'NaCl.cif': naclCif,
    });
    const created = await json<UploadAnswer>(
      await fetch(
        `${server.api}/uploads?file_name=data.zip`,
        as(tokens.get('author'), { method: 'POST', body: zip }),
      ),
    );
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
      await json<{ data: { mainfile: string }[] }>(
        await call('author', 'GET', `uploads/${uploadId}/entries?page_size=100`),
      )
    ).data
      .map((entry) => entry.mainfile)
      .sort();

  const rawNames = async (uploadId: string, folder = '') =>
    (
      await json<{ directory_metadata?: { content: { name: string }[] } }>(
        await call('author', 'GET', `uploads/${uploadId}/rawdir/${folder}`),
      )
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
      for (const role of ROLES) {
        const response = await call(role, 'POST', `uploads/${uploadId}/raw-create-dir/new/${role}`);
        expect([role, response.status]).toEqual([role, WRITERS_ONLY[role]]);
        if (response.status === 200) {
          const body = await json<UploadAnswer>(response);
          expect(body).toMatchObject({ upload_id: uploadId, data: { process_status: 'SUCCESS' } });
        }
      }
      expect(await rawNames(uploadId, 'new')).toEqual(['author', 'coauthor']);
      const again = await call('author', 'POST', `uploads/${uploadId}/raw-create-dir/new/author`);
      expect([again.status, await again.json()]).toEqual([
        400,
        { detail: 'Path `new/author` already exists.' },
      ]);
      for (const bad of ['', '..%2F..%2Fescape', 'a/..%2F..%2F..%2Fescape', `${'n'.repeat(300)}`]) {
        expect((await call('author', 'POST', `uploads/${uploadId}/raw-create-dir/${bad}`)).status).toBe(400);
      }
      expect((await call('author', 'POST', 'uploads/no-such-upload/raw-create-dir/x')).status).toBe(404);
    });
  });

  describe('POST action/delete-entry-files', () => {
    it('answers as NOMAD does and removes the entries with their files', async () => {
      const uploadId = await sharedUpload();
      const entryId = generateEntryId(uploadId, 'a/NaCl.cif');
      for (const role of ['reviewer', 'other', 'anonymous'] as const) {
        const refused = await call(role, 'POST', `uploads/${uploadId}/action/delete-entry-files`, {
          query: { entry_id: [entryId] },
          include_parent_folders: false,
        });
        expect([role, refused.status]).toEqual([role, 401]);
      }
      // The body of NOMAD's GUI (delete_entries_from_table.json).
      const response = await call('coauthor', 'POST', `uploads/${uploadId}/action/delete-entry-files`, {
        query: { entry_id: [entryId] },
        include_parent_folders: false,
      });
      expect(response.status).toBe(200);
      expect(await json<UploadAnswer>(response)).toMatchObject({
        upload_id: uploadId,
        data: { process_running: true, current_process: 'process_upload', process_status: 'PENDING' },
      });
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif', 'b/c/NaCl.cif']);
      expect(await rawNames(uploadId, 'a')).toEqual(['notes.txt']);

      // Any query of the search language, within this upload, with the folders of the entries.
      const folders = await call('author', 'POST', `uploads/${uploadId}/action/delete-entry-files`, {
        owner: 'visible',
        query: { 'results.material.elements': { all: ['Cl', 'Na'] }, mainfile: 'b/c/NaCl.cif' },
        include_parent_folders: true,
      });
      expect(folders.status).toBe(200);
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif']);
      expect(await rawNames(uploadId)).toEqual(['a', 'NaCl.cif']);
    });

    it('refuses bad bodies with 400, 422 and 413', async () => {
      const uploadId = await sharedUpload();
      const post = (body: unknown) =>
        call('author', 'POST', `uploads/${uploadId}/action/delete-entry-files`, body);
      const missing = await post({ include_parent_folders: true });
      expect([missing.status, await missing.json()]).toEqual([400, { detail: 'A query must be specified.' }]);
      expect((await post({ query: { entry_id: ['x'] }, extra: 1 })).status).toBe(422);
      expect((await post({ query: { entry_id: ['x'] }, owner: 'everyone' })).status).toBe(422);
      expect((await post({ query: { 'results.material.no_such': 'x' } })).status).toBe(422);
      const ids = Array.from({ length: 5000 }, (_, i) => `entry-id-number-${i}`);
      expect((await post({ query: { entry_id: ids } })).status).toBe(413);
      expect(await entryMainfiles(uploadId)).toEqual(['NaCl.cif', 'a/NaCl.cif', 'b/c/NaCl.cif']);
    });
  });

  describe('PUT raw with copy_or_move and overwrite_if_exists', () => {
    it('copies and moves for writers only and processes the moved mainfile as a new entry', async () => {
      const uploadId = await sharedUpload();
      const put = (role: Role, query: string) => call(role, 'PUT', `uploads/${uploadId}/raw/${query}`);
      for (const role of ROLES) {
        const response = await put(
          role,
          `a?copy_or_move=copy&copy_or_move_source_path=NaCl.cif&file_name=${role}.cif`,
        );
        expect([role, response.status]).toEqual([role, WRITERS_ONLY[role]]);
      }
      const moved = await put(
        'author',
        'b?copy_or_move=move&copy_or_move_source_path=NaCl.cif&file_name=moved.cif',
      );
      expect(moved.status).toBe(200);
      await waitProcessed(server, uploadId, tokens.get('author')!);
      expect(await entryMainfiles(uploadId)).toEqual([
        'a/NaCl.cif',
        'a/author.cif',
        'a/coauthor.cif',
        'b/c/NaCl.cif',
        'b/moved.cif',
      ]);
      const exists = await put(
        'author',
        'a?copy_or_move=copy&copy_or_move_source_path=b/moved.cif&file_name=NaCl.cif',
      );
      expect([exists.status, await exists.json()]).toEqual([
        409,
        { detail: 'The provided path already exists.' },
      ]);
      expect(
        (await put('author', 'a?copy_or_move=rename&copy_or_move_source_path=x&file_name=y')).status,
      ).toBe(422);
      const escape = await put(
        'author',
        'a?copy_or_move=copy&copy_or_move_source_path=../../../etc/passwd&file_name=p',
      );
      expect([escape.status, await escape.json()]).toEqual([400, { detail: 'Bad source path provided.' }]);
    });

    it("refuses a dropped file over an existing one with NOMAD's text when overwrite_if_exists is false", async () => {
      const uploadId = await sharedUpload();
      const drop = (query: string, content: string) => {
        const form = new FormData();
        form.append('file', new Blob([content]), 'NaCl.cif');
        return fetch(
          `${server.api}/uploads/${uploadId}/raw/a${query}`,
          as(tokens.get('author'), { method: 'PUT', body: form }),
        );
      };
      const refused = await drop('?overwrite_if_exists=false', 'data_other\n');
      expect([refused.status, await refused.json()]).toEqual([
        409,
        { detail: 'The provided path already exists and overwrite_if_exists is set to False.' },
      ]);
      const byName = await fetch(
        `${server.api}/uploads/${uploadId}/raw/a?file_name=NaCl.cif&overwrite_if_exists=false`,
        as(tokens.get('author'), { method: 'PUT', body: 'data_other\n' }),
      );
      expect(byName.status).toBe(409);
      const file = () => fetch(`${server.api}/uploads/${uploadId}/raw/a/NaCl.cif`, as(tokens.get('author')));
      expect(await (await file()).text()).toBe(naclCif);
      expect((await drop('?overwrite_if_exists=true', 'replaced\n')).status).toBe(200);
      expect(await (await file()).text()).toBe('replaced\n');
    });

    it('saves over a file only with the entry hash of its current content (409 otherwise)', async () => {
      const uploadId = await sharedUpload();
      const entries = await json<{ data: { mainfile: string; entry_hash?: string }[] }>(
        await call('author', 'GET', `entries?owner=visible&upload_id=${uploadId}&page_size=10`),
      );
      const hash = entries.data.find((entry) => entry.mainfile === 'a/NaCl.cif')?.entry_hash ?? '';
      expect(hash).toMatch(/^[\w-]{28}$/);
      const save = (entryHash: string, content: string) =>
        fetch(
          `${server.api}/uploads/${uploadId}/raw/a?file_name=NaCl.cif&wait_for_processing=true&entry_hash=${entryHash}`,
          as(tokens.get('author'), { method: 'PUT', body: content }),
        );
      const file = () => fetch(`${server.api}/uploads/${uploadId}/raw/a/NaCl.cif`, as(tokens.get('author')));
      const stale = await save('stale-hash-0000000000000000', 'data_other\n');
      expect([stale.status, await stale.json()]).toEqual([
        409,
        { detail: 'The provided hash did not match the current file.' },
      ]);
      expect(await (await file()).text()).toBe(naclCif);
      expect((await save(hash, `${naclCif}# saved\n`)).status).toBe(200);
      expect(await (await file()).text()).toBe(`${naclCif}# saved\n`);
      // The first save changed the file: the same hash is stale now.
      expect((await save(hash, 'data_again\n')).status).toBe(409);
      // Two saves read at the same hash, sent at once: one replaces the file, the other is told it changed.
      const current = (
        await json<{ data: { mainfile: string; entry_hash?: string }[] }>(
          await call('author', 'GET', `entries?owner=visible&upload_id=${uploadId}&page_size=10`),
        )
      ).data.find((entry) => entry.mainfile === 'a/NaCl.cif')?.entry_hash;
      const [first, second] = await Promise.all([
        save(current ?? '', `${naclCif}# first\n`),
        save(current ?? '', `${naclCif}# second\n`),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = first.status === 200 ? 'first' : 'second';
      expect(await (await file()).text()).toBe(`${naclCif}# ${winner}\n`);
    });
  });

  describe('GET command-examples', () => {
    it("prints NOMAD's commands with an upload token that creates uploads of the caller", async () => {
      expect((await call('anonymous', 'GET', 'uploads/command-examples')).status).toBe(401);
      const response = await call('other', 'GET', 'uploads/command-examples');
      expect(response.status).toBe(200);
      const examples = await json<Record<string, string>>(response);
      const url = examples.upload_url!;
      expect(url).toMatch(new RegExp(`^${server.api}/uploads\\?token=[\\w.-]+$`));
      expect(examples).toEqual({
        upload_url: url,
        upload_command: `curl -X POST '${url}' -T <local_file>`,
        upload_command_with_name: `curl -X POST '${url}&upload_name=<name>' -T <local_file>`,
        upload_progress_command: `curl -X POST '${url}' -T <local_file> | xargs echo`,
        upload_command_form: `curl -X POST '${url}' -F file=@<local_file>`,
        upload_tar_command: `tar -cf - <local_folder> | curl -# '${url}' -X POST -T - | xargs echo`,
      });

      // `curl -X POST '<url>&upload_name=<name>' -T data.zip`: the file is the body, without a name.
      const withName = /'([^']+)'/.exec(examples.upload_command_with_name!)![1]!.replace('<name>', 'shell');
      const created = await fetch(withName, {
        method: 'POST',
        body: makeZip({ 'shell/NaCl.cif': naclCif }),
      });
      expect(created.status).toBe(200);
      const upload = await json<UploadAnswer & { data: { upload_name: string } }>(created);
      expect(upload.data).toMatchObject({
        upload_name: 'shell',
        main_author: subjectOf(tokens.get('other')!),
      });
      expect((await waitProcessed(server, upload.upload_id, tokens.get('other')!)).process_status).toBe(
        'SUCCESS',
      );
      const entries = await json<{ data: { mainfile: string }[] }>(
        await call('other', 'GET', `uploads/${upload.upload_id}/entries`),
      );
      expect(entries.data.map((entry) => entry.mainfile)).toEqual(['shell/NaCl.cif']);
      const listed = await json<{ data: { upload_id: string }[] }>(await call('other', 'GET', 'uploads'));
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
      const tarUpload = await json<UploadAnswer>(byTar);
      expect((await waitProcessed(server, tarUpload.upload_id, tokens.get('other')!)).process_status).toBe(
        'SUCCESS',
      );
      const tarEntries = await json<{ data: { mainfile: string }[] }>(
        await call('other', 'GET', `uploads/${tarUpload.upload_id}/entries`),
      );
      expect(tarEntries.data.map((entry) => entry.mainfile)).toEqual(['folder/NaCl.cif']);
      // A plain file without a name cannot be stored.
      const nameless = await fetch(url, { method: 'POST', body: naclCif });
      expect(nameless.status).toBe(400);
    });

    it('opens nothing but creating uploads, and only with a valid token', async () => {
      const { upload_url: url } = await json<{ upload_url: string }>(
        await call('reviewer', 'GET', 'uploads/command-examples'),
      );
      const token = new URL(url).searchParams.get('token')!;
      // Not a bearer token anywhere.
      expect((await fetch(`${server.api}/uploads`, as(token))).status).toBe(401);
      expect(
        (await fetch(`${server.api}/uploads?file_name=x.cif`, as(token, { method: 'POST', body: naclCif })))
          .status,
      ).toBe(401);
      const tampered = `${token.slice(0, -4)}AAAA`;
      const refused = await fetch(`${server.api}/uploads?token=${tampered}&file_name=x.cif`, {
        method: 'POST',
        body: naclCif,
      });
      expect(refused.status).toBe(401);
      // An access token in the token parameter is no upload token.
      const access = await fetch(`${server.api}/uploads?token=${tokens.get('reviewer')}&file_name=x.cif`, {
        method: 'POST',
        body: naclCif,
      });
      expect(access.status).toBe(401);
      const huge = await fetch(`${server.api}/uploads?token=${'x'.repeat(5000)}`, {
        method: 'POST',
        body: naclCif,
      });
      expect(huge.status).toBe(422);
      // App tokens may not mint tokens that outlive them.
      const { app_token: appToken } = await json<{ app_token: string }>(
        await call('reviewer', 'GET', 'auth/app_token?expires_in=600'),
      );
      expect((await fetch(`${server.api}/uploads/command-examples`, as(appToken))).status).toBe(403);
    });
  });
});
