// Archives and file writes are contained: zip bombs, member counts, unpacked bytes, name clashes and
// over-long names are refused with a 400 that names the problem (and no server path), and nothing of a
// refused write stays behind — neither in the upload nor in its temp folder.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { DEFAULT_UPLOAD_FILE_LIMITS } from '../config/processing-limits.ts';
import { startServer } from '../server.ts';
import { apiClient, as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip, makeZipOf } from '../testing/zip.ts';
import { repeated, writeZipFile } from '../testing/zip-stream.ts';

const MB = 1024 ** 2;

/** Every file below `dir`, as relative paths ('' when the folder is missing). */
const filesBelow = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((dirent) => dirent.isFile())
      .map((dirent) => path.relative(dir, path.join(dirent.parentPath, dirent.name)))
      .sort();
  } catch {
    return [];
  }
};

/** A 400 whose detail matches `detail` and names no absolute path of the server. */
const expectRefused = async (response: Response, detail: RegExp, server: TestServer) => {
  const body = await json<{ detail: string }>(response);
  expect({ status: response.status, detail: body.detail }).toMatchObject({
    status: 400,
    detail: expect.stringMatching(detail),
  });
  for (const serverPath of [server.ctx.config.dataDir, os.tmpdir(), process.cwd()])
    expect(body.detail).not.toContain(serverPath);
  expect(body.detail).not.toMatch(/(^|[\s'"(])\/[\w.-]+\//);
};

/** A zip of `count` members of `bytes` zeros each (deflated: a few hundred bytes per MB). */
const zerosZip = async (dir: string, name: string, members: number, bytes: number) => {
  const file = path.join(dir, name);
  const piece = Buffer.alloc(Math.min(bytes, MB));
  await writeZipFile(
    file,
    Array.from(
      { length: members },
      (_, i) => [`zeros${i}.bin`, () => repeated(piece, bytes / piece.length)] as const,
    ),
  );
  return readFileSync(file);
};

/** Decimal digits and newlines: compresses about 2:1, like many text outputs. */
const digits = (bytes: number) => {
  const random = randomBytes(bytes);
  for (let i = 0; i < bytes; i++) random[i] = i % 80 === 79 ? 10 : 48 + ((random[i] ?? 0) % 10);
  return random;
};

describe('archives and file writes are contained', () => {
  let server: TestServer;
  let tight: TestServer;
  let alice: string;
  let bob: string;
  let scratch = '';

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'oasis-archive-limits-'));
    server = await startTestServer();
    // Small limits keep the archives of these tests small; the rules are the same as the defaults'.
    tight = await startTestServer({
      uploadFiles: {
        ...DEFAULT_UPLOAD_FILE_LIMITS,
        maxUploadBytes: 8 * MB,
        archiveMaxMembers: 10,
        archiveRatioMinBytes: 1 * MB,
      },
    });
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(tight, 'bob');
  });
  afterAll(async () => {
    await server?.close();
    await tight?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const uploadsDir = (s: TestServer) => path.join(s.ctx.config.dataDir, 'uploads');
  const create = async (s: TestServer, token: string, name: string, body: Buffer | string) => {
    const created = await apiClient(s, token).upload('uploadCreate', new Blob([body]), {
      query: { file_name: name },
    });
    await waitProcessed(s, created.upload_id, token);
    return created.upload_id;
  };
  /** raw, like the refused POSTs: the archives and names under test go as they are, in the request body. */
  const put = (s: TestServer, token: string, uploadId: string, where: string, body: Buffer | string) =>
    fetch(`${s.api}/uploads/${uploadId}/raw/${where}`, as(token, { method: 'PUT', body }));
  /** What an upload holds on disk: raw files, and (always empty after a request) its temp folder. */
  const onDisk = (s: TestServer, uploadId: string) => ({
    raw: filesBelow(path.join(uploadsDir(s), uploadId, 'raw')),
    tmp: filesBelow(path.join(uploadsDir(s), uploadId, 'tmp')),
  });

  /** A refused POST leaves no upload: neither in the API nor on disk. */
  const expectPostRefused = async (
    s: TestServer,
    token: string,
    name: string,
    body: Buffer,
    detail: RegExp,
  ) => {
    const listUploads = () => filesBelow(uploadsDir(s)).map((file) => file.split('/')[0]);
    const before = [...new Set(listUploads())];
    const response = await fetch(`${s.api}/uploads?file_name=${name}`, as(token, { method: 'POST', body }));
    await expectRefused(response, detail, s);
    expect([...new Set(listUploads())]).toEqual(before);
    return (await apiClient(s, token).call('uploadsList')).pagination.total;
  };

  it('refuses a zip bomb by the default ratio rule: a 100 MB member of zeros in a 100 kB zip', async () => {
    const bomb = await zerosZip(scratch, 'bomb.zip', 1, 100 * MB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const total = await expectPostRefused(
      server,
      alice,
      'bomb.zip',
      bomb,
      /^The archive member 'zeros0\.bin' unpacks to more than 200 times its compressed size \(over 64 MB\): refused as a zip bomb\.$/,
    );
    expect(total).toBe(0);
    // Into an existing upload: refused the same way, and the upload keeps exactly what it had.
    const uploadId = await create(server, alice, 'NaCl.cif', naclCif);
    await expectRefused(
      await put(server, alice, uploadId, '?file_name=bomb.zip', bomb),
      /refused as a zip bomb/,
      server,
    );
    expect(onDisk(server, uploadId)).toEqual({ raw: ['NaCl.cif'], tmp: [] });
  });

  it('refuses an archive with more members than allowed', async () => {
    const members = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x']));
    await expectPostRefused(
      tight,
      bob,
      'many.zip',
      makeZip(members),
      /^The archive has more than 10 members \(files and folders\), the limit per archive\.$/,
    );
    // Folders count too.
    const folders = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`d${i}/`, '']));
    await expectPostRefused(tight, bob, 'folders.zip', makeZip(folders), /more than 10 members/);
  });

  it('refuses an archive that unpacks to more than the upload may hold, counting inflated bytes', async () => {
    const file = path.join(scratch, 'big.zip');
    await writeZipFile(file, [
      ['a.txt', digits(3 * MB)],
      ['b.txt', digits(3 * MB)],
      ['c.txt', digits(3 * MB)],
    ]);
    const zip = readFileSync(file);
    expect(zip.length).toBeLessThan(8 * MB);
    await expectPostRefused(
      tight,
      bob,
      'big.zip',
      zip,
      /^The upload would hold more than 8 MB of files, the limit per upload\.$/,
    );
    // Headers that understate the sizes change nothing: the inflated bytes are what counts.
    const lying = Buffer.from(zip);
    const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    for (let at = lying.indexOf(central); at >= 0; at = lying.indexOf(central, at + 4))
      lying.writeUInt32LE(10, at + 24);
    await expectPostRefused(tight, bob, 'lying.zip', lying, /./);
    // Within an upload that already holds files, the rest of the allowance is what counts.
    const uploadId = await create(tight, bob, 'first.txt', digits(6 * MB));
    const small = path.join(scratch, 'small.zip');
    await writeZipFile(small, [['d.txt', digits(3 * MB)]]);
    await expectRefused(
      await put(tight, bob, uploadId, '?file_name=small.zip', readFileSync(small)),
      /more than 8 MB of files/,
      tight,
    );
    expect(onDisk(tight, uploadId)).toEqual({ raw: ['first.txt'], tmp: [] });
    // A plain file over the allowance is cut off while it streams in.
    await expectRefused(
      await put(tight, bob, uploadId, '?file_name=more.txt', digits(3 * MB)),
      /more than 8 MB/,
      tight,
    );
    expect(onDisk(tight, uploadId)).toEqual({ raw: ['first.txt'], tmp: [] });
  });

  it('refuses archives that inflate more than 200:1 as a whole, zip and tar.gz alike', async () => {
    // Eight members of 512 kB zeros: each below the size where members are ratio-checked.
    const zip = await zerosZip(scratch, 'spread.zip', 8, 512 * 1024);
    const whole =
      /^The archive unpacks to more than 200 times its size \(over 1 MB\): refused as a zip bomb\.$/;
    await expectPostRefused(tight, bob, 'spread.zip', zip, whole);
    const pack = tar.pack();
    pack.entry({ name: 'zeros.bin' }, Buffer.alloc(4 * MB));
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    await expectPostRefused(tight, bob, 'zeros.tar.gz', gzipSync(Buffer.concat(chunks)), whole);
  });

  it('answers a file below a file, a file over a folder and over-long names with a 400, keeping the upload as it was', async () => {
    const uploadId = await create(
      server,
      alice,
      'x.zip',
      makeZip({ 'a.cif': naclCif, 'folder/b.cif': naclCif }),
    );
    const before = onDisk(server, uploadId);
    expect(before).toEqual({ raw: ['a.cif', 'folder/b.cif'], tmp: [] });
    await expectRefused(
      await put(server, alice, uploadId, 'a.cif?file_name=c.cif', naclCif),
      /^Cannot write 'a\.cif\/c\.cif': 'a\.cif' is a file in the upload, not a folder\.$/,
      server,
    );
    await expectRefused(
      await put(server, alice, uploadId, '?file_name=folder', naclCif),
      /^Cannot write 'folder': it is a folder in the upload\.$/,
      server,
    );
    await expectRefused(
      await put(
        server,
        alice,
        uploadId,
        '?file_name=x.zip',
        makeZip({ 'ok.cif': naclCif, 'a.cif/d.cif': naclCif }),
      ),
      /'a\.cif' is a file in the upload/,
      server,
    );
    const long = `${'n'.repeat(300)}.cif`;
    await expectRefused(
      await put(server, alice, uploadId, `?file_name=${long}`, naclCif),
      /^Bad path: the name 'n{32}…' is longer than 255 bytes\.$/,
      server,
    );
    await expectRefused(
      await put(server, alice, uploadId, '?file_name=x.zip', makeZip({ [`x/${long}`]: naclCif })),
      /longer than 255 bytes/,
      server,
    );
    expect(onDisk(server, uploadId)).toEqual(before);
  });

  it('takes the later of two members with one name, and refuses a name that is both file and folder', async () => {
    const uploadId = await create(
      server,
      alice,
      'twice.zip',
      makeZipOf([
        ['NaCl.cif', 'not a cif'],
        ['NaCl.cif', naclCif],
      ]),
    );
    expect(onDisk(server, uploadId)).toEqual({ raw: ['NaCl.cif'], tmp: [] });
    const upload = await waitProcessed(server, uploadId, alice);
    expect(upload).toMatchObject({ process_status: 'SUCCESS', errors: [] });
    const raw = await apiClient(server, alice).file('uploadRawFile', {
      params: { upload_id: uploadId, path: 'NaCl.cif' },
    });
    expect(await raw.blob.text()).toBe(naclCif);

    const clash = /^The archive holds a file and a folder of the same name \('a(\/b)?'\)\.$/;
    await expectPostRefused(server, alice, 'clash.zip', makeZip({ a: 'x', 'a/b': 'y' }), clash);
    await expectPostRefused(server, alice, 'clash2.zip', makeZip({ 'a/b': 'y', a: 'x' }), clash);
  });
});

describe('temporary files', () => {
  it('are removed at start: what a killed server left in uploads/*/tmp goes, raw files stay', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-temp-cleanup-'));
    try {
      const upload = path.join(dataDir, 'uploads', 'someupload');
      mkdirSync(path.join(upload, 'raw'), { recursive: true });
      mkdirSync(path.join(upload, 'tmp', 'a1b2c3', 'half', 'extracted'), { recursive: true });
      writeFileSync(path.join(upload, 'raw', 'kept.cif'), naclCif);
      writeFileSync(path.join(upload, 'tmp', 'a1b2c3', 'half', 'extracted', 'x.bin'), Buffer.alloc(MB));
      writeFileSync(path.join(upload, 'tmp', 'd4e5f6'), Buffer.alloc(MB));
      const running = await startServer(
        loadConfig({ OASIS_DATA_DIR: dataDir }, { port: 0, host: '127.0.0.1' }),
        { inMemoryDatabase: true, checkResponses: true },
      );
      await running.close();
      expect(filesBelow(upload)).toEqual(['raw/kept.cif']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
