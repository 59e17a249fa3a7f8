// The download endpoints of the search page (raw files and archives as zip, one archive) and the archives
// query, against the real server: uploads go through the API, the zips are read back with yauzl.
import type { ApiClient, CallInput } from '@oasis/client';
import type { ArchivesQueryRequest, ArchivesQueryResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { HttpError } from '../errors.ts';
import { downloadEntries } from '../services/downloads/entries.ts';
import { apiClient, as, json, refusalOf, waitProcessed } from '../testing/http.ts';
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
type DownloadQuery = NonNullable<CallInput<'entriesRawDownload'>['query']>;

describe('entries downloads', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;
  let bobApi: ApiClient;
  let anonymous: ApiClient;
  let aliceUpload: string;
  let bobPrivate: string;
  let bobPublic: string;
  /** mainfile -> entry_id of alice's upload */
  const aliceEntries = new Map<string, string>();

  const upload = async (api: ApiClient, token: string, files: Record<string, string>): Promise<string> => {
    const { upload_id: uploadId } = await api.upload('uploadCreate', new Blob([makeZip(files)]), {
      query: { file_name: 'data.zip' },
    });
    expect((await waitProcessed(server, uploadId, token)).process_status).toBe('SUCCESS');
    return uploadId;
  };
  /** Raw requests, for what the client hides (headers) or cannot send (query values its types refuse). */
  const url = (path: string, params: Record<string, string>) =>
    `${server.api}/${path}?${new URLSearchParams(params).toString()}`;
  const download = async (path: string, params: Record<string, string>, token?: string) => {
    const response = await fetch(url(path, params), as(token));
    expect(response.status, await response.clone().text()).toBe(200);
    return { response, zip: await readZip(Buffer.from(await response.arrayBuffer())) };
  };
  /** A zip download through the client. */
  const zipOf = async (
    name: 'entriesRawDownload' | 'entriesArchiveDownload',
    query: DownloadQuery,
    api = anonymous,
  ) => readZip(Buffer.from(await (await api.file(name, { query })).blob.arrayBuffer()));
  const rawZip = (query: DownloadQuery, api = anonymous) => zipOf('entriesRawDownload', query, api);

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    const bob = await createUserWithToken(server, 'bob');
    aliceApi = apiClient(server, alice);
    bobApi = apiClient(server, bob);
    anonymous = apiClient(server);
    aliceUpload = await upload(aliceApi, alice, {
      'NaCl.cif': naclCif,
      'sub/KCl.cif': kclCif,
      'sub/KCl-copy.cif': kclCif,
      'sub/notes.txt': 'measured at 300 K',
      'sub/deeper/ignored.txt': 'not in the folder of any mainfile',
    });
    bobPrivate = await upload(bobApi, bob, { 'private/NaCl.cif': naclCif });
    bobPublic = await upload(bobApi, bob, { 'public/KCl.cif': kclCif });
    // No publish endpoint exists yet: the test publishes the way the database records it.
    await server.ctx.db.query(
      'UPDATE uploads SET published = true, publish_time = now() WHERE upload_id = $1',
      [bobPublic],
    );
    const { data } = await aliceApi.call('uploadEntries', { params: { upload_id: aliceUpload } });
    for (const entry of data) aliceEntries.set(entry.mainfile, entry.entry_id);
    expect([...aliceEntries.keys()].sort()).toEqual(['NaCl.cif', 'sub/KCl-copy.cif', 'sub/KCl.cif']);
  });
  afterAll(async () => server?.close());

  it('zips the raw files of the folders of the matching entries, each once, with a manifest', async () => {
    // raw: the headers are checked.
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
    const byJson = await rawZip(
      { owner: 'visible', json_query: JSON.stringify({ mainfile: 'sub/KCl.cif' }) },
      aliceApi,
    );
    expect(byJson.names).toEqual([
      `${u}/sub/KCl-copy.cif`,
      `${u}/sub/KCl.cif`,
      `${u}/sub/notes.txt`,
      'manifest.json',
    ]);
    expect(manifestOf<RawManifestEntry[]>(byJson).map((e) => e.entry_id)).toEqual([
      aliceEntries.get('sub/KCl.cif'),
    ]);
    // raw: a quantity as a parameter of its own, which the client's types of the query do not name.
    const byParameter = await download('entries/raw', { owner: 'user', mainfile: 'NaCl.cif' }, alice);
    expect(byParameter.zip.names).toEqual([`${u}/NaCl.cif`, 'manifest.json']);
  });

  it('filters files by glob_pattern or include_files and deflates with compress=true', async () => {
    const u = aliceUpload;
    const glob = await rawZip({ owner: 'user', glob_pattern: '*.txt', compress: true }, aliceApi);
    expect(glob.names).toEqual([`${u}/sub/notes.txt`, 'manifest.json']);
    expect(glob.compressed).toEqual([true, true]);
    expect(text(glob, `${u}/sub/notes.txt`)).toBe('measured at 300 K');
    // The root folder has files but none accepted: its entry is left out of the manifest.
    expect(manifestOf<RawManifestEntry[]>(glob).map((e) => e.mainfile)).toEqual([
      `${u}/sub/KCl-copy.cif`,
      `${u}/sub/KCl.cif`,
    ]);
    const names = await rawZip({ owner: 'user', include_files: ['KCl.cif'] }, aliceApi);
    expect(names.names).toEqual([`${u}/sub/KCl.cif`, 'manifest.json']);
    // raw: re_pattern, which the client's types of the query do not name.
    const refused = await fetch(url('entries/raw', { owner: 'user', re_pattern: '.*' }), as(alice));
    expect(refused.status).toBe(422);
  });

  it('includes only what the owner value admits for the caller', async () => {
    const visible = await rawZip({ owner: 'visible' }, aliceApi);
    const uploads = new Set(visible.names.filter((n) => n !== 'manifest.json').map((n) => n.split('/')[0]));
    expect(uploads).toEqual(new Set([aliceUpload, bobPublic]));
    expect(visible.names).toContain(`${bobPublic}/public/KCl.cif`);
    expect(visible.names.some((n) => n.startsWith(bobPrivate))).toBe(false);

    const anonymousZip = await rawZip({ owner: 'public', json_query: '{}' });
    expect(anonymousZip.names).toEqual([`${bobPublic}/public/KCl.cif`, 'manifest.json']);
    const nothing = await rawZip({ owner: 'public', json_query: '{"mainfile": "NaCl.cif"}' });
    expect(nothing.names).toEqual(['manifest.json']);
    expect(manifestOf<unknown[]>(nothing)).toEqual([]);

    const [loginStatus, login] = await refusalOf(rawZip({ owner: 'user' }));
    expect(loginStatus).toBe(401);
    expect((login as { detail: string }).detail).toMatch(/Authentication required/);
    const [allStatus, all] = await refusalOf(zipOf('entriesArchiveDownload', { owner: 'all' }, aliceApi));
    expect(allStatus).toBe(401);
    expect((all as { detail: string }).detail).toMatch(/owner=all is not allowed/);
    // raw: an owner the client's types refuse.
    const unknownOwner = await fetch(url('entries/raw', { owner: 'everyone' }), as(alice));
    expect(unknownOwner.status).toBe(422);
  });

  it('answers a malformed json_query and unknown quantities with 422 and a detail list', async () => {
    // raw: a json_query that is no JSON.
    for (const path of ['entries/raw', 'entries/archive/download']) {
      const response = await fetch(url(path, { owner: 'visible', json_query: '{"mainfile": ' }), as(alice));
      expect(response.status).toBe(422);
      const { detail } = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
      expect(detail[0]).toMatchObject({ loc: ['json_query'], msg: 'cannot parse json_query' });
    }
    const [unknownStatus, unknown] = await refusalOf(
      rawZip({ json_query: '{"no_such_quantity": 1}' }, aliceApi),
    );
    expect(unknownStatus).toBe(422);
    expect(unknown).toMatchObject({ detail: expect.any(Array) });
  });

  it('zips the archives as {upload_id}/{entry_id}.json with entry_id, parser_name and the stored archive', async () => {
    // raw: the content-disposition header is checked.
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
      const stored = await aliceApi.call('entryArchiveQuery', {
        params: { entry_id: id },
        body: { required: '*' },
      });
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
    // raw: the headers are checked.
    const response = await fetch(`${server.api}/entries/${id}/archive/download`, as(alice));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${id}.json"`);
    const archive = await json<{ metadata: { entry_id: string; mainfile: string } }>(response);
    expect(archive.metadata).toMatchObject({ entry_id: id, mainfile: 'NaCl.cif' });

    const archiveOf = (api: ApiClient, entryId: string) =>
      api.file('entryArchiveDownload', { params: { entry_id: entryId } });
    expect(await refusalOf(archiveOf(bobApi, id))).toEqual([
      404,
      { detail: 'The entry with the given id does not exist or is not visible to you.' },
    ]);
    expect((await refusalOf(archiveOf(anonymous, id)))[0]).toBe(404);
    expect((await refusalOf(archiveOf(aliceApi, 'no-such-entry')))[0]).toBe(404);
  });

  const archives = (body: ArchivesQueryRequest, api = anonymous) => api.call('entriesArchiveQuery', { body });

  it('answers a search with a page of archives by entry id, each cut to what required names', async () => {
    const body = await archives(
      { owner: 'user', query: {}, required: { metadata: { mainfile: '*', entry_id: '*' } } },
      aliceApi,
    );
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
      aliceApi,
    );
    expect(first.data.map((item) => item.entry_id)).toEqual(ids.slice(0, 2));
    const after = first.pagination.next_page_after_value;
    expect(after).toBeTruthy();
    const second = await archives(
      { owner: 'user', pagination: { page_size: 2, page_after_value: after }, required: { metadata: '*' } },
      aliceApi,
    );
    expect(second.data.map((item) => item.entry_id)).toEqual(ids.slice(2));
    expect(second.pagination.next_page_after_value ?? undefined).toBeUndefined();

    // A page of several archives is written an archive at a time (chunked, no length known in advance);
    // a page of one is serialised whole by the contract's schema.
    // raw: the content-length header is checked.
    const framing = async (pageSize: number) => {
      const response = await fetch(
        `${server.api}/entries/archive/query`,
        as(alice, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
          body: JSON.stringify({ owner: 'user', pagination: { page_size: pageSize }, required: '*' }),
        }),
      );
      const page = await json<ArchivesQueryResponse>(response);
      return { length: response.headers.get('content-length'), items: page.data.length };
    };
    expect(await framing(3)).toEqual({ length: null, items: 3 });
    expect(await framing(1)).toEqual({ length: expect.stringMatching(/^\d+$/), items: 1 });
  });

  it('finds archives only where the caller may read: others, anonymous callers and owner user', async () => {
    const bobSees = await archives({ owner: 'visible', query: { upload_id: aliceUpload } }, bobApi);
    expect(bobSees.data).toEqual([]);
    const byAnonymous = await archives({
      owner: 'visible',
      query: {},
      required: { metadata: { upload_id: '*' } },
    });
    expect(new Set(byAnonymous.data.map((item) => item.upload_id))).toEqual(new Set([bobPublic]));
    const [ownStatus, own] = await refusalOf(archives({ owner: 'user' }));
    expect(ownStatus).toBe(401);
    expect(Object.keys(own as object)).toEqual(['detail']);
  });

  it('refuses pages over 100 archives, malformed queries and required trees too deep with 422 and a detail', async () => {
    const [tooManyStatus, tooMany] = await refusalOf(
      archives({ owner: 'user', pagination: { page_size: 101 } }, aliceApi),
    );
    expect(tooManyStatus).toBe(422);
    expect(JSON.stringify((tooMany as { detail: unknown }).detail)).toContain('page_size');
    const badQuery = archives({ owner: 'user', query: { no_such_quantity: 1 } }, aliceApi);
    expect((await refusalOf(badQuery))[0]).toBe(422);
    let deep: string | Record<string, unknown> = '*';
    for (let level = 0; level < 150; level++) deep = { run: deep };
    const [tooDeepStatus, tooDeep] = await refusalOf(archives({ owner: 'user', required: deep }, aliceApi));
    expect(tooDeepStatus).toBe(422);
    expect(JSON.stringify((tooDeep as { detail: unknown }).detail)).toContain(
      'nested more than 100 levels deep',
    );
  });

  it("lists an entry's files (its mainfile's folder, not sub-folders) with sizes, a page at a time", async () => {
    const id = aliceEntries.get('sub/KCl.cif')!;
    const rawdir = (api: ApiClient, entryId: string, query: { page_size?: number; page?: number } = {}) =>
      api.call('entryRawDir', { params: { entry_id: entryId }, query });
    const size = (content: string) => Buffer.byteLength(content);
    expect(await rawdir(aliceApi, id)).toEqual({
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
    const second = await rawdir(aliceApi, id, { page_size: 2, page: 2 });
    expect(second.data.files.map((file) => file.path)).toEqual(['sub/notes.txt']);
    const root = await rawdir(aliceApi, aliceEntries.get('NaCl.cif')!);
    expect(root.data.files.map((file) => file.path)).toEqual(['NaCl.cif']);

    for (const api of [bobApi, anonymous]) {
      expect(await refusalOf(rawdir(api, id))).toEqual([
        404,
        { detail: 'The entry with the given id does not exist or is not visible to you.' },
      ]);
    }
    // raw: query strings as typed, page_size=many being one the client's types refuse.
    for (const query of ['page_size=0', 'page_size=1001', 'page=0', 'page_size=many']) {
      const refused = await fetch(`${server.api}/entries/${id}/rawdir?${query}`, as(alice));
      expect(refused.status, query).toBe(422);
      expect(Object.keys(await json(refused))).toEqual(['detail']);
    }
  });

  it('gives the whole archive of an entry by GET, as the archive query with required *', async () => {
    const id = aliceEntries.get('NaCl.cif')!;
    const got = (api: ApiClient, entryId: string) =>
      api.call('entryArchive', { params: { entry_id: entryId } });
    const whole = await got(aliceApi, id);
    const queried = await aliceApi.call('entryArchiveQuery', {
      params: { entry_id: id },
      body: { required: '*' },
    });
    expect(whole).toEqual(queried);
    expect((await refusalOf(got(bobApi, id)))[0]).toBe(404);
    expect((await refusalOf(got(aliceApi, 'no-such-entry')))[0]).toBe(404);
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
