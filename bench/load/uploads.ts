// Uploads for the load benches: one posted, then followed until its processing ends.
import type { ServerProcess } from '../../packages/server/src/testing/server-process.ts';

/** Posts `body` as a new upload named `fileName` and waits until its processing ends: its id and status. */
export async function uploadAndProcess(
  node: ServerProcess,
  token: string,
  fileName: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ uploadId: string; status: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${node.api}/uploads?file_name=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers,
    body,
  });
  if (!created.ok) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
  const { upload_id: uploadId } = (await created.json()) as { upload_id: string };
  for (;;) {
    const response = await fetch(`${node.api}/uploads/${uploadId}`, { headers });
    const { data } = (await response.json()) as {
      data: { process_running: boolean; process_status: string };
    };
    if (!data.process_running) return { uploadId, status: data.process_status };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
