// A server killed while it extracts the archive of a new upload: the request never answered, so the upload
// it had created is removed when the server runs again (its receive job is taken over), rather than
// staying behind empty and counting against its user's limit of unpublished uploads.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createUser } from '../store/users.ts';
import { apiClient, as, refusalOf } from '../testing/http.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { makeZipOf } from '../testing/zip.ts';

const MEMBERS = 5_000;

/** Kim's token, from logging in on `server`. */
const loginOf = async (server: ServerProcess) =>
  (await apiClient(server).call('authToken', { query: { username: 'kim', password: 'kim-password' } }))
    .access_token;

/** Staging folders of extractions under way (uploads/<id>/tmp/<name>/), with the upload's id. */
const stagings = (dataDir: string): Array<{ uploadId: string; files: number }> => {
  const uploads = path.join(dataDir, 'uploads');
  if (!existsSync(uploads)) return [];
  return readdirSync(uploads).flatMap((uploadId) => {
    const tmp = path.join(uploads, uploadId, 'tmp');
    if (!existsSync(tmp)) return [];
    return readdirSync(tmp, { withFileTypes: true })
      .filter((dirent) => dirent.isDirectory())
      .map((dirent) => {
        const many = path.join(tmp, dirent.name, 'many');
        return { uploadId, files: existsSync(many) ? readdirSync(many).length : 0 };
      });
  });
};

describe('a server killed during the extraction of a new upload', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-interrupted-upload-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no upload behind once it runs again', async () => {
    const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrate(db);
    await createUser(db, { username: 'kim', password: 'kim-password' });
    await db.close();
    const config = path.join(dataDir, 'nomad.yaml');
    // One unpublished upload per user: the interrupted one must not take that place.
    writeFileSync(config, 'services:\n  upload_limit: 1\n');
    const env = { OASIS_DATA_DIR: dataDir, OASIS_CONFIG: config };
    server = await startServerProcess(env);
    const token = await loginOf(server);

    const members = Array.from({ length: MEMBERS }, (_, i) => [`many/f${i}`, ''] as const);
    // raw: the request is cut off by the kill, and the test checks that it got no answer at all.
    const creating = fetch(
      `${server.api}/uploads?file_name=many.zip`,
      as(token, { method: 'POST', body: makeZipOf(members) }),
    ).catch(() => undefined);
    // Killed once the extraction has staged some members (and well before it is done).
    await expect
      .poll(() => stagings(dataDir).some((staging) => staging.files > 0), { timeout: 120_000, interval: 20 })
      .toBe(true);
    const uploadId = stagings(dataDir)[0]!.uploadId;
    await server.stop('SIGKILL');
    expect(await creating).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'uploads', uploadId))).toBe(true);

    server = await startServerProcess(env);
    const kim = apiClient(server, await loginOf(server));
    await expect
      .poll(async () => (await kim.call('uploadsList')).data.length, { timeout: 60_000, interval: 100 })
      .toBe(0);
    expect((await refusalOf(kim.call('uploadById', { params: { upload_id: uploadId } })))[0]).toBe(404);
    await expect
      .poll(() => existsSync(path.join(dataDir, 'uploads', uploadId)), { timeout: 60_000, interval: 100 })
      .toBe(false);
    const created = await kim.upload('uploadCreate', new Blob([makeZipOf([['one.txt', 'one']])]), {
      query: { file_name: 'one.zip' },
    });
    expect(created.upload_id).toBeTruthy();
  }, 300_000);
});
