// Deletes go through the trash: the request only renames, a thread of the server deletes. Seen with the
// emptier held: the upload is gone from its place and the API at once, the trash holds its files, requests
// are answered, and once the emptier runs the trash is empty.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, type ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZipOf } from '../testing/zip.ts';
import { FileWorkers } from './file-work.ts';
import { moveToTrash, TrashEmptier, trashDir } from './trash.ts';

const FILES = 1000;

describe('deleting an upload with many files', () => {
  let server: TestServer;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({}, { trashPaused: true });
    token = await createUserWithToken(server, 'trasher');
    api = apiClient(server, token);
  });
  afterAll(async () => server?.close());

  it('moves it into the trash at once and deletes it on the trash thread', async () => {
    const members = Array.from({ length: FILES }, (_, i) => [`many/f${i}.txt`, ''] as const);
    const { upload_id: uploadId } = await api.upload('uploadCreate', new Blob([makeZipOf(members)]), {
      query: { file_name: 'many.zip' },
    });
    await waitProcessed(server, uploadId, token);
    const folder = path.join(server.ctx.config.dataDir, 'uploads', uploadId);
    expect(existsSync(path.join(folder, 'raw', 'many', `f${FILES - 1}.txt`))).toBe(true);

    const upload = { params: { upload_id: uploadId } };
    await api.call('uploadDelete', upload);
    // The upload's status: 200 while it is answered, then the refusal's.
    const status = () =>
      api.call('uploadById', upload).then(
        () => 200,
        (error: unknown) => {
          if (error instanceof ApiError) return error.status;
          throw error;
        },
      );
    await expect.poll(status).toBe(404);
    expect(existsSync(folder)).toBe(false);
    const [trashed] = readdirSync(trashDir(server.ctx.config.dataDir));
    expect(trashed).toMatch(new RegExp(`^${uploadId}-`));
    expect(readdirSync(path.join(trashDir(server.ctx.config.dataDir), trashed!, 'raw', 'many'))).toHaveLength(
      FILES,
    );
    // Requests are still answered (a refusal would throw).
    await apiClient(server).call('info');

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
