// Deletes go through the trash: the request only renames, a thread of the server deletes. Seen with the
// emptier held: the upload is gone from its place and the API at once, the trash holds its files, requests
// are answered, and once the emptier runs the trash is empty.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZipOf } from '../testing/zip.ts';
import { FileWorkers } from './file-work.ts';
import { moveToTrash, TrashEmptier, trashDir } from './trash.ts';

const FILES = 1000;

describe('deleting an upload with many files', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({}, { trashPaused: true });
    token = await createUserWithToken(server, 'trasher');
  });
  afterAll(async () => server?.close());

  it('moves it into the trash at once and deletes it on the trash thread', async () => {
    const members = Array.from({ length: FILES }, (_, i) => [`many/f${i}.txt`, ''] as const);
    const created = await fetch(
      `${server.api}/uploads?file_name=many.zip`,
      as(token, { method: 'POST', body: makeZipOf(members) }),
    );
    const { upload_id: uploadId } = await json<{ upload_id: string }>(created);
    await waitProcessed(server, uploadId, token);
    const folder = path.join(server.ctx.config.dataDir, 'uploads', uploadId);
    expect(existsSync(path.join(folder, 'raw', 'many', `f${FILES - 1}.txt`))).toBe(true);

    const deleted = await fetch(`${server.api}/uploads/${uploadId}`, as(token, { method: 'DELETE' }));
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${server.api}/uploads/${uploadId}`, as(token))).status)
      .toBe(404);
    expect(existsSync(folder)).toBe(false);
    const [trashed] = readdirSync(trashDir(server.ctx.config.dataDir));
    expect(trashed).toMatch(new RegExp(`^${uploadId}-`));
    expect(readdirSync(path.join(trashDir(server.ctx.config.dataDir), trashed!, 'raw', 'many'))).toHaveLength(
      FILES,
    );
    expect((await fetch(`${server.api}/info`)).status).toBe(200);

    server.ctx.trash.resume();
    await server.ctx.trash.idle();
    expect(readdirSync(trashDir(server.ctx.config.dataDir))).toEqual([]);
  }, 120_000);
});

describe('TrashEmptier', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-trash-'));

  it('empties what an earlier process left, and what is moved in while it runs', async () => {
    const leftover = path.join(trashDir(dataDir), 'left-over');
    mkdirSync(path.join(leftover, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(leftover, 'a', 'b', 'file'), 'x');
    const fileWork = new FileWorkers();
    const emptier = new TrashEmptier(dataDir, fileWork);
    emptier.wake();
    const tree = path.join(dataDir, 'tree');
    mkdirSync(path.join(tree, 'c'), { recursive: true });
    writeFileSync(path.join(tree, 'c', 'file'), 'y');
    expect(await moveToTrash(dataDir, tree)).toBe(true);
    expect(await moveToTrash(dataDir, path.join(dataDir, 'never-there'))).toBe(false);
    emptier.wake();
    await emptier.idle();
    expect(readdirSync(trashDir(dataDir))).toEqual([]);
    expect(existsSync(tree)).toBe(false);
    await emptier.close();
    await fileWork.close();
  });
});
