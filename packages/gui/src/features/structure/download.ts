import type { ApiClient } from '@oasis/client';
import type { WrapMode } from '@oasis/chem';
import type { STRUCTURE_FORMATS } from './limits.ts';

export type StructureFormat = (typeof STRUCTURE_FORMATS)[number];

/** Which system of which entry a download writes. */
export interface SystemSource {
  entryId: string;
  path: string;
}

/**
 * Fetches the system file (with the caller's rights) and saves it under the name the server gives,
 * or system.{format} (spec 3 §7).
 */
export async function downloadSystem(
  api: ApiClient,
  source: SystemSource,
  format: StructureFormat,
  wrapMode: WrapMode,
): Promise<void> {
  const { blob, fileName } = await api.file('systemFile', {
    params: { entry_id: source.entryId },
    query: { path: source.path, format, wrap_mode: wrapMode },
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName ?? `system.${format}`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
