import { expect } from 'vitest';
import { as, json, waitProcessed } from './http.ts';
import type { TestServer } from './test-server.ts';
import { makeZip } from './zip.ts';

/** Uploads `files` as one zip and waits until every entry is processed; answers the entry ids by mainfile. */
export const uploadProcessed = async (
  server: TestServer,
  token: string,
  files: Record<string, string>,
): Promise<{ uploadId: string; ids: Record<string, string> }> => {
  const { upload_id: uploadId } = await json<{ upload_id: string }>(
    await fetch(
      `${server.api}/uploads?file_name=data.zip`,
      as(token, { method: 'POST', body: makeZip(files) }),
    ),
  );
  expect((await waitProcessed(server, uploadId, token)).process_status).toBe('SUCCESS');
  const entries = await json<{ data: { entry_id: string; mainfile: string }[] }>(
    await fetch(`${server.api}/uploads/${uploadId}/entries?page_size=100`, as(token)),
  );
  return { uploadId, ids: Object.fromEntries(entries.data.map((entry) => [entry.mainfile, entry.entry_id])) };
};

/** Publishes an upload (with an embargo of `embargoLength` months) and waits until that is done. */
export const publishUpload = async (
  server: TestServer,
  token: string,
  uploadId: string,
  embargoLength = 0,
) => {
  const response = await fetch(
    `${server.api}/uploads/${uploadId}/action/publish?embargo_length=${embargoLength}`,
    as(token, { method: 'POST' }),
  );
  expect(response.status).toBe(200);
  await waitProcessed(server, uploadId, token);
};
