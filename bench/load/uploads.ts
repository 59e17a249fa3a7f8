// Uploads for the load benches: one posted, then followed until its processing ends.
import { ApiClient } from '@oasis/client';
import type { ServerProcess } from '../../packages/server/src/testing/server-process.ts';

/** Posts `body` as a new upload named `fileName` and waits until its processing ends: its id and status. */
export async function uploadAndProcess(
  node: ServerProcess,
  token: string,
  fileName: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ uploadId: string; status: string }> {
  const api = new ApiClient({ apiBase: node.api, accessToken: () => Promise.resolve(token) });
  const { upload_id: uploadId } = await api.upload('uploadCreate', new Blob([body]), {
    query: { file_name: fileName },
  });
  for (;;) {
    const { data } = await api.call('uploadById', { params: { upload_id: uploadId } });
    if (!data.process_running) return { uploadId, status: data.process_status };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
