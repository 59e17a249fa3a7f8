// The download endpoints of the search page (raw files and archives as zip, one archive) and the archives
// query, against the real server: uploads go through the API, the zips are read back with yauzl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { HttpError } from '../errors.ts';
import { downloadEntries } from '../services/downloads/entries.ts';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

const kclCif = naclCif.replace(/Na/g, 'K').replace(/5\.6402/g, '6.2931');

interface ZipContent {
  names: string[];
  files: Map<string, Buffer>;
  compressed: boolean[];
}

/** Reads a whole zip: names in order, contents by name, whether each entry is deflated. */
const readZip = (buffer: Buffer): Promise<ZipContent> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const content: ZipContent = { names: [], files: new Map(), compressed: [] };
      zip.on('error', reject);
      zip.on('end', () => resolve(content));
      zip.on('entry', (entry: yauzl.Entry) => {
        content.names.push(entry.fileName);
        content.compressed.push(entry.compressionMethod === 8);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            content.files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });

const text = (zip: ZipContent, name: string) => zip.files.get(name)?.toString('utf8');
const manifestOf = <T>(zip: ZipContent): T => JSON.parse(text(zip, 'manifest.json') ?? 'null') as T;

interface RawManifestEntry {
  entry_id: string;
  upload_id: string;
  mainfile: string;
}
interface ArchiveManifestEntry extends RawManifestEntry {
  parser_name: string;
  path: string;
}
interface ArchivesPage {
  required?: unknown;
  detail?: unknown;
  pagination: { total: number; page_size: number; next_page_after_value?: string | null };
  data: { entry_id: string; upload_id: string; parser_name?: string; archive: Record<string, unknown> }[];
}

interface UploadEntries {
  data: { entry_id: string; mainfile: string }[];
}

describe('entries downloads', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let aliceUpload: string;
  let bobPrivate: string;
  let bobPublic: string;
  /** mainfile -> entry_id of alice's upload */
  const aliceEntries = new Map<string, string>();

  const upload = async (token: string, files: Record<string, string>): Promise<string> => {
    const response = await fetch(
      `${server.api}/uploads?file_name=data.zip`,
      as(token, { method: 'POST', body: makeZip(files) }),
    );
    const { upload_id: uploadId } = await json<{ upload_id: string }>(response);
    expect((await waitProcessed(server, uploadId, token)).process_status).toBe('SUCCESS');
    return uploadId;
  };
  const url = (path: string, params: Record<string, string>) =>
    `${server.api}/${path}?${new URLSearchParams(params).toString()}`;
  const download = async (path: string, params: Record<string, string>, token?: string) => {
    const response = await fetch(url(path, params), as(token));
    expect(response.status, await response.clone().text()).toBe(200);
    return { response, zip: await readZip(Buffer.from(await response.arrayBuffer())) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
    aliceUpload = await upload(alice, {
      'NaCl.cif': naclCif,
      'sub/KCl.cif': kclCif,
      'sub/KCl-copy.cif': kclCif,
      'sub/notes.txt': 'measured at 300 K',
      'sub/deeper/ignored.txt': 'not in the folder of any mainfile',
    });
    bobPrivate = await upload(bob, { 'private/NaCl.cif': naclCif });
    bobPublic = await upload(bob, { 'public/KCl.cif': kclCif });
    // No publish endpoint exists yet: the test publishes the way the database records it.
    await server.ctx.db.query(
      'UPDATE uploads SET published = true, publish_time = now() WHERE upload_id = $1',
      [bobPublic],
    );
    const { data } = await json<UploadEntries>(
      await fetch(`${server.api}/uploads/${aliceUpload}/entries`, as(alice)),
    );
    for (const entry of data) aliceEntries.set(entry.mainfile, entry.entry_id);
    expect([...aliceEntries.keys()].sort()).toEqual(['NaCl.cif', 'sub/KCl-copy.cif', 'sub/KCl.cif']);
  });
  afterAll(async () => server?.close());

  it('zips the raw files of the folders of the matching entries, each once, with a manifest', async () => {
    const { response, zip } = await download('entries/raw', { owner: 'user', json_query: '{}' }, alice);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="raw_files.zip"');
    const u = aliceUpload;
    expect(zip.names).toEqual([
      `${u}/NaCl.cif`,
      `${u}/sub/KCl-copy.cif`,
      `${u}/sub/KCl.cif`,
      `${u}/sub/notes.txt`,
      'manifest.json',
    ]);
    expect(new Set(zip.names).size).toBe(zip.names.length);
    expect(text(zip, `${u}/NaCl.cif`)).toBe(naclCif);
    expect(text(zip, `${u}/sub/KCl.cif`)).toBe(kclCif);
    expect(text(zip, `${u}/sub/notes.txt`)).toBe('measured at 300 K');
    expect(zip.compressed.every((deflated) => !deflated)).toBe(true);
    expect(manifestOf<RawManifestEntry[]>(zip)).toEqual(
      ['NaCl.cif', 'sub/KCl-copy.cif', 'sub/KCl.cif'].map((mainfile) => ({
        entry_id: aliceEntries.get(mainfile),
        upload_id: u,
        mainfile: `${u}/${mainfile}`,
      })),
    );
  });

  it('narrows by json_query and GET-style quantities; a mainfile brings its whole folder', async () => {
    const u = aliceUpload;
    const byJson = await download(
      'entries/raw',
      { owner: 'visible', json_query: JSON.stringify({ mainfile: 'sub/KCl.cif' }) },
      alice,
    );
    expect(byJson.zip.names).toEqual([
      `${u}/sub/KCl-copy.cif`,
      `${u}/sub/KCl.cif`,
      `${u}/sub/notes.txt`,
      'manifest.json',
    ]);
    expect(manifestOf<RawManifestEntry[]>(byJson.zip).map((e) => e.entry_id)).toEqual([
      aliceEntries.get('sub/KCl.cif'),
    ]);
    const byParameter = await download('entries/raw', { owner: 'user', mainfile: 'NaCl.cif' }, alice);
    expect(byParameter.zip.names).toEqual([`${u}/NaCl.cif`, 'manifest.json']);
  });

  it('filters files by glob_pattern or include_files and deflates with compress=true', async () => {
    const u = aliceUpload;
    const glob = await download(
      'entries/raw',
      { owner: 'user', glob_pattern: '*.txt', compress: 'true' },
      alice,
    );
    expect(glob.zip.names).toEqual([`${u}/sub/notes.txt`, 'manifest.json']);
    expect(glob.zip.compressed).toEqual([true, true]);
    expect(text(glob.zip, `${u}/sub/notes.txt`)).toBe('measured at 300 K');
    // The root folder has files but none accepted: its entry is left out of the manifest.
    expect(manifestOf<RawManifestEntry[]>(glob.zip).map((e) => e.mainfile)).toEqual([
      `${u}/sub/KCl-copy.cif`,
      `${u}/sub/KCl.cif`,
    ]);
    const names = await download('entries/raw', { owner: 'user', include_files: 'KCl.cif' }, alice);
    expect(names.zip.names).toEqual([`${u}/sub/KCl.cif`, 'manifest.json']);
    const refused = await fetch(url('entries/raw', { owner: 'user', re_pattern: '.*' }), as(alice));
    expect(refused.status).toBe(422);
  });

  it('includes only what the owner value admits for the caller', async () => {
    const visible = await download('entries/raw', { owner: 'visible' }, alice);
    const uploads = new Set(
      visible.zip.names.filter((n) => n !== 'manifest.json').map((n) => n.split('/')[0]),
    );
    expect(uploads).toEqual(new Set([aliceUpload, bobPublic]));
    expect(visible.zip.names).toContain(`${bobPublic}/public/KCl.cif`);
    expect(visible.zip.names.some((n) => n.startsWith(bobPrivate))).toBe(false);

    const anonymous = await download('entries/raw', { owner: 'public', json_query: '{}' });
    expect(anonymous.zip.names).toEqual([`${bobPublic}/public/KCl.cif`, 'manifest.json']);
    const nothing = await download('entries/raw', {
      owner: 'public',
      json_query: '{"mainfile": "NaCl.cif"}',
    });
    expect(nothing.zip.names).toEqual(['manifest.json']);
    expect(manifestOf<unknown[]>(nothing.zip)).toEqual([]);

    const login = await fetch(url('entries/raw', { owner: 'user' }));
    expect(login.status).toBe(401);
    expect((await json<{ detail: string }>(login)).detail).toMatch(/Authentication required/);
    const all = await fetch(url('entries/archive/download', { owner: 'all' }), as(alice));
    expect(all.status).toBe(401);
    expect((await json<{ detail: string }>(all)).detail).toMatch(/owner=all is not allowed/);
    const unknownOwner = await fetch(url('entries/raw', { owner: 'everyone' }), as(alice));
    expect(unknownOwner.status).toBe(422);
  });

  it('answers a malformed json_query and unknown quantities with 422 and a detail list', async () => {
    for (const path of ['entries/raw', 'entries/archive/download']) {
      const response = await fetch(url(path, { owner: 'visible', json_query: '{"mainfile": ' }), as(alice));
      expect(response.status).toBe(422);
      const { detail } = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
      expect(detail[0]).toMatchObject({ loc: ['json_query'], msg: 'cannot parse json_query' });
    }
    const unknown = await fetch(url('entries/raw', { json_query: '{"no_such_quantity": 1}' }), as(alice));
    expect(unknown.status).toBe(422);
    expect(Array.isArray((await json<{ detail: unknown }>(unknown)).detail)).toBe(true);
  });

  it('zips the archives as {upload_id}/{entry_id}.json with entry_id, parser_name and the stored archive', async () => {
    const { response, zip } = await download(
      'entries/archive/download',
      { owner: 'user', json_query: JSON.stringify({ mainfile: { any: ['NaCl.cif', 'sub/KCl.cif'] } }) },
      alice,
    );
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="archives.zip"');
    const ids = ['NaCl.cif', 'sub/KCl.cif'].map((mainfile) => aliceEntries.get(mainfile)!);
    const paths = ids.map((id) => `${aliceUpload}/${id}.json`);
    expect(zip.names).toEqual([...paths, 'manifest.json']);
    for (const [i, id] of ids.entries()) {
      const stored = await json<{ data: { archive: Record<string, unknown> } }>(
        await fetch(
          `${server.api}/entries/${id}/archive/query`,
          as(alice, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ required: '*' }),
          }),
        ),
      );
      const file = JSON.parse(text(zip, paths[i]!)!) as Record<string, unknown>;
      expect(file).toEqual({ entry_id: id, parser_name: 'parsers/cif', archive: stored.data.archive });
    }
    expect(manifestOf<ArchiveManifestEntry[]>(zip)).toEqual(
      ids.map((id, i) => ({
        entry_id: id,
        upload_id: aliceUpload,
        parser_name: 'parsers/cif',
        path: paths[i],
      })),
    );
  });

  it('downloads one archive as a JSON attachment; missing and invisible entries are 404', async () => {
    const id = aliceEntries.get('NaCl.cif')!;
    const response = await fetch(`${server.api}/entries/${id}/archive/download`, as(alice));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${id}.json"`);
    const archive = await json<{ metadata: { entry_id: string; mainfile: string } }>(response);
    expect(archive.metadata).toMatchObject({ entry_id: id, mainfile: 'NaCl.cif' });

    const notVisible = await fetch(`${server.api}/entries/${id}/archive/download`, as(bob));
    expect(notVisible.status).toBe(404);
    expect(await json(notVisible)).toEqual({
      detail: 'The entry with the given id does not exist or is not visible to you.',
    });
    const anonymous = await fetch(`${server.api}/entries/${id}/archive/download`);
    expect(anonymous.status).toBe(404);
    const missing = await fetch(`${server.api}/entries/no-such-entry/archive/download`, as(alice));
    expect(missing.status).toBe(404);
  });

  const archives = async (body: unknown, token?: string) => {
    const response = await fetch(
      `${server.api}/entries/archive/query`,
      as(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await json<ArchivesPage>(response) };
  };

  it('answers a search with a page of archives by entry id, each cut to what required names', async () => {
    const { status, body } = await archives(
      { owner: 'user', query: {}, required: { metadata: { mainfile: '*', entry_id: '*' } } },
      alice,
    );
    expect(status).toBe(200);
    const ids = [...aliceEntries.values()].sort();
    expect(body.pagination).toMatchObject({ total: 3, page_size: 10, order_by: 'entry_id', order: 'asc' });
    expect(body.required).toEqual({ metadata: { mainfile: '*', entry_id: '*' } });
    const mainfileOf = new Map([...aliceEntries].map(([mainfile, id]) => [id, mainfile]));
    expect(body.data).toEqual(
      ids.map((id) => ({
        entry_id: id,
        upload_id: aliceUpload,
        parser_name: 'parsers/cif',
        archive: { metadata: { mainfile: mainfileOf.get(id), entry_id: id } },
      })),
    );

    // Pages follow each other by page_after_value, as the search's.
    const first = await archives(
      { owner: 'user', pagination: { page_size: 2 }, required: { metadata: '*' } },
      alice,
    );
    expect(first.body.data.map((item) => item.entry_id)).toEqual(ids.slice(0, 2));
    const after = first.body.pagination.next_page_after_value;
    expect(after).toBeTruthy();
    const second = await archives(
      { owner: 'user', pagination: { page_size: 2, page_after_value: after }, required: { metadata: '*' } },
      alice,
    );
    expect(second.body.data.map((item) => item.entry_id)).toEqual(ids.slice(2));
    expect(second.body.pagination.next_page_after_value ?? undefined).toBeUndefined();

    // A page of several archives is written an archive at a time (chunked, no length known in advance);
    // a page of one is serialised whole by the contract's schema.
    const framing = async (pageSize: number) => {
      const response = await fetch(
        `${server.api}/entries/archive/query`,
        as(alice, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
          body: JSON.stringify({ owner: 'user', pagination: { page_size: pageSize }, required: '*' }),
        }),
      );
      const page = await json<ArchivesPage>(response);
      return { length: response.headers.get('content-length'), items: page.data.length };
    };
    expect(await framing(3)).toEqual({ length: null, items: 3 });
    expect(await framing(1)).toEqual({ length: expect.stringMatching(/^\d+$/), items: 1 });
  });

  it('finds archives only where the caller may read: others, anonymous callers and owner user', async () => {
    const bobSees = await archives({ owner: 'visible', query: { upload_id: aliceUpload } }, bob);
    expect([bobSees.status, bobSees.body.data]).toEqual([200, []]);
    const anonymous = await archives({
      owner: 'visible',
      query: {},
      required: { metadata: { upload_id: '*' } },
    });
    expect(anonymous.status).toBe(200);
    expect(new Set(anonymous.body.data.map((item) => item.upload_id))).toEqual(new Set([bobPublic]));
    const anonymousOwn = await archives({ owner: 'user' });
    expect(anonymousOwn.status).toBe(401);
    expect(Object.keys(anonymousOwn.body)).toEqual(['detail']);
  });

  it('refuses pages over 100 archives, malformed queries and required trees too deep with 422 and a detail', async () => {
    const tooMany = await archives({ owner: 'user', pagination: { page_size: 101 } }, alice);
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.body.detail)).toContain('page_size');
    const badQuery = await archives({ owner: 'user', query: { no_such_quantity: 1 } }, alice);
    expect(badQuery.status).toBe(422);
    let deep: unknown = '*';
    for (let level = 0; level < 150; level++) deep = { run: deep };
    const tooDeep = await archives({ owner: 'user', required: deep }, alice);
    expect(tooDeep.status).toBe(422);
    expect(JSON.stringify(tooDeep.body.detail)).toContain('nested more than 100 levels deep');
  });

  it("lists an entry's files (its mainfile's folder, not sub-folders) with sizes, a page at a time", async () => {
    const id = aliceEntries.get('sub/KCl.cif')!;
    const listed = await fetch(`${server.api}/entries/${id}/rawdir`, as(alice));
    expect(listed.status).toBe(200);
    const size = (content: string) => Buffer.byteLength(content);
    expect(await json(listed)).toEqual({
      entry_id: id,
      data: {
        upload_id: aliceUpload,
        entry_id: id,
        mainfile: 'sub/KCl.cif',
        files: [
          { path: 'sub/KCl-copy.cif', size: size(kclCif) },
          { path: 'sub/KCl.cif', size: size(kclCif) },
          { path: 'sub/notes.txt', size: size('measured at 300 K') },
        ],
      },
      pagination: { page: 1, page_size: 500, total: 3 },
    });
    const second = await json<{ data: { files: { path: string }[] } }>(
      await fetch(`${server.api}/entries/${id}/rawdir?page_size=2&page=2`, as(alice)),
    );
    expect(second.data.files.map((file) => file.path)).toEqual(['sub/notes.txt']);
    const root = await json<{ data: { files: { path: string }[] } }>(
      await fetch(`${server.api}/entries/${aliceEntries.get('NaCl.cif')!}/rawdir`, as(alice)),
    );
    expect(root.data.files.map((file) => file.path)).toEqual(['NaCl.cif']);

    for (const token of [bob, undefined]) {
      const hidden = await fetch(`${server.api}/entries/${id}/rawdir`, as(token));
      expect(hidden.status).toBe(404);
      expect(await json(hidden)).toEqual({
        detail: 'The entry with the given id does not exist or is not visible to you.',
      });
    }
    for (const query of ['page_size=0', 'page_size=1001', 'page=0', 'page_size=many']) {
      const refused = await fetch(`${server.api}/entries/${id}/rawdir?${query}`, as(alice));
      expect(refused.status, query).toBe(422);
      expect(Object.keys(await json(refused))).toEqual(['detail']);
    }
  });

  it('gives the whole archive of an entry by GET, as the archive query with required *', async () => {
    const id = aliceEntries.get('NaCl.cif')!;
    const got = await fetch(`${server.api}/entries/${id}/archive`, as(alice));
    expect(got.status).toBe(200);
    const queried = await fetch(
      `${server.api}/entries/${id}/archive/query`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"required":"*"}',
      }),
    );
    expect(await json(got)).toEqual(await json(queried));
    expect((await fetch(`${server.api}/entries/${id}/archive`, as(bob))).status).toBe(404);
    expect((await fetch(`${server.api}/entries/no-such-entry/archive`, as(alice))).status).toBe(404);
  });

  it('refuses downloads over the entry limit with 400', async () => {
    const request = { owner: 'user' as const, node: { kind: 'and' as const, items: [] } };
    const user = { user_id: '', username: '', name: '', is_admin: false };
    const { rows } = await server.ctx.db.query<{ user_id: string }>(
      "SELECT user_id FROM users WHERE username = 'alice'",
    );
    user.user_id = rows[0]!.user_id;
    expect(await downloadEntries(server.ctx.db, server.ctx.search, user, request, 3)).toHaveLength(3);
    const refused = await downloadEntries(server.ctx.db, server.ctx.search, user, request, 2).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 400,
      detail: 'The limit of maximum number of entries in a single download (2) has been exceeded (3).',
    });
  });
});
