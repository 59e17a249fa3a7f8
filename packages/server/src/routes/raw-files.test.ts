// Raw files over HTTP as the file browser uses them (spec 3 §7 and the browser_test recordings): rawdir
// pages, a file's metadata, text chunks, downloads, folder zips, against the real server.
import { gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, callApi, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

describe('raw files for the file browser over HTTP', () => {
  let server: TestServer;
  let token: string;
  let uploadId: string;
  const big = Array.from({ length: 3000 }, (_, i) => `line ${String(i).padStart(5, '0')}\n`).join('');
  // The recording's folder name without its backslash, which zip extraction takes for a separator.
  const special = 'dir special chars ~!?*()[]{}<>,.;:\'"`&@#$%=|';
  /** Files, headers and wire spellings (a trailing slash, escapes) are checked on the raw answer. */
  const call = (apiPath: string) => callApi(server, token, 'GET', apiPath);
  const rawdir = (
    path: string,
    query: { include_entry_info?: boolean; page?: number; page_size?: number } = {},
  ) => apiClient(server, token).call('uploadRawDir', { params: { upload_id: uploadId, path }, query });

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'browser');
    const zip = makeZip({
      'test_entry/NaCl.cif': naclCif,
      'test_entry/1.aux': 'aux',
      [`deep/${special}/f.txt`]: 'f',
      'big.txt': big,
      'big.txt.gz': gzipSync(big),
    });
    ({ upload_id: uploadId } = await apiClient(server, token).upload('uploadCreate', new Blob([zip]), {
      query: { file_name: 'data.zip' },
    }));
    expect((await waitProcessed(server, uploadId, token)).process_status).toBe('SUCCESS');
  });
  afterAll(async () => server?.close());

  it('lists the root with and without the trailing slash, folders and files with their entries', async () => {
    for (const root of ['rawdir/', 'rawdir']) {
      const response = await call(`uploads/${uploadId}/${root}?include_entry_info=true&page_size=40&page=1`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Awaited<ReturnType<typeof rawdir>>;
      expect(body).toMatchObject({
        path: '',
        access: 'unpublished',
        pagination: { page: 1, page_size: 40, total: 4 },
      });
      expect(body.directory_metadata?.content.map((item) => [item.name, item.is_file])).toEqual([
        ['big.txt', true],
        ['big.txt.gz', true],
        ['deep', false],
        ['test_entry', false],
      ]);
    }
    const entryDir = await rawdir('test_entry', { include_entry_info: true });
    expect(entryDir.directory_metadata?.content).toEqual([
      { name: '1.aux', size: 3, is_file: true },
      expect.objectContaining({
        name: 'NaCl.cif',
        is_file: true,
        parser_name: 'parsers/cif',
        entry_id: expect.any(String),
      }),
    ]);
  });

  it("gives folders NOMAD's size, the bytes of all files below them", async () => {
    const root = await rawdir('', { include_entry_info: true, page_size: 40, page: 1 });
    const sizeOf = (name: string) =>
      root.directory_metadata?.content.find((item) => item.name === name)?.size;
    const entryBytes = Buffer.byteLength(naclCif) + 3;
    expect(sizeOf('deep')).toBe(1);
    expect(sizeOf('test_entry')).toBe(entryBytes);
    const all = entryBytes + 1 + Buffer.byteLength(big) + gzipSync(big).length;
    expect(root.directory_metadata?.size).toBe(all);
    // A page of one item still sums the whole folder, and a sub-folder its own files.
    expect((await rawdir('', { page_size: 1, page: 1 })).directory_metadata?.size).toBe(all);
    expect((await rawdir('test_entry')).directory_metadata?.size).toBe(entryBytes);
  });

  it('describes a file with file_metadata and no paging, through escaped special characters', async () => {
    const folder = await rawdir(`deep/${special}`, { page_size: 40, page: 1 });
    expect(folder.directory_metadata?.content).toEqual([{ name: 'f.txt', size: 1, is_file: true }]);
    const file = await rawdir(`deep/${special}/f.txt`);
    expect(file).toMatchObject({ path: `deep/${special}/f.txt`, file_metadata: { name: 'f.txt', size: 1 } });
    expect(file.pagination).toBeUndefined();
  });

  it('sends text in 16384-byte chunks by offset and length, decompressed when asked', async () => {
    const query = 'length=16384&decompress=true&ignore_mime_type=true';
    for (const name of ['big.txt', 'big.txt.gz']) {
      const first = await call(`uploads/${uploadId}/raw/${name}?offset=0&${query}`);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe(big.slice(0, 16384));
      const third = await call(`uploads/${uploadId}/raw/${name}?offset=32768&${query}`);
      expect(await third.text()).toBe(big.slice(32768));
    }
  });

  it('downloads a file as octet-stream and a folder as a streamed zip', async () => {
    const file = await call(`uploads/${uploadId}/raw/test_entry/NaCl.cif?ignore_mime_type=true`);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="NaCl.cif"');
    expect(await file.text()).toBe(naclCif);

    const folder = await call(`uploads/${uploadId}/raw/test_entry?compress=true`);
    expect(folder.status).toBe(200);
    expect(folder.headers.get('content-type')).toBe('application/zip');
    expect(folder.headers.get('content-disposition')).toBe('attachment; filename="test_entry.zip"');
    const files = unzipSync(new Uint8Array(await folder.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['test_entry/1.aux', 'test_entry/NaCl.cif']);

    const all = await call(`uploads/${uploadId}/raw/?compress=true`);
    expect(all.headers.get('content-disposition')).toBe(`attachment; filename="${uploadId}.zip"`);
    expect(Object.keys(unzipSync(new Uint8Array(await all.arrayBuffer())))).toHaveLength(5);
  });

  it('answers bad input with a clear detail', async () => {
    const folder = await call(`uploads/${uploadId}/raw/test_entry`);
    expect(folder.status).toBe(400);
    expect((await json<{ detail: string }>(folder)).detail).toMatch(/directory/);
    expect((await call(`uploads/${uploadId}/raw/missing.txt?compress=true`)).status).toBe(404);
    expect((await call(`uploads/${uploadId}/rawdir/missing`)).status).toBe(404);
    expect((await call(`uploads/${uploadId}/raw/big.txt?offset=-1`)).status).toBe(422);
    expect((await call(`uploads/${uploadId}/rawdir/?page_size=0`)).status).toBe(422);
    expect((await call(`uploads/${uploadId}/rawdir/?page_size=1001`)).status).toBe(422);
    expect((await call(`uploads/${uploadId}/rawdir/?page_size=1000`)).status).toBe(200);
    expect((await call(`uploads/${uploadId}/raw/..%2F..%2Fetc%2Fpasswd`)).status).toBeGreaterThanOrEqual(400);
  });
});
