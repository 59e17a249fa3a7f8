// References from one archive into others ('../upload/archive/{entry_id}#/data', ...), resolved with the
// reader's access rights: a target the reader may not see (or that does not exist) stays an unresolved
// reference string, exactly like a missing one, so nothing about private entries leaks.
import type { AppContext } from '../context.ts';
import { readJsonFile } from '../files/read.ts';
import { UploadFiles } from '../files/storage.ts';
import { generateEntryId } from '../processing/ids.ts';
import { absoluteIndices, place, resolve, type ExternalReference } from '../search/archive-required.ts';
import { MAX_REFERENCED_ARCHIVES } from '../search/limits.ts';
import { findEntryRow } from '../store/entries.ts';
import { mayReadUpload } from '../auth/access.ts';
import type { Caller } from './caller.ts';

type Json = Record<string, unknown>;

/** Where NOMAD puts resolved sections of other archives when they are not resolved in place. */
const REF_ARCHIVES_KEY = 'm_ref_archives';

/**
 * Resolves `references` (found in `out`, the projected archive of an entry of `sourceUploadId`): each
 * target section replaces its reference string (resolve-inplace) or is placed under
 * m_ref_archives['../uploads/{upload_id}/archive/{entry_id}'] at its own path. At most
 * MAX_REFERENCED_ARCHIVES other archives are read per archive; references beyond stay unresolved.
 */
export const resolveExternalReferences = async (
  ctx: AppContext,
  caller: Caller,
  sourceUploadId: string,
  out: Json,
  references: readonly ExternalReference[],
  signal?: AbortSignal,
): Promise<void> => {
  if (references.length === 0) return;
  const archives = new Map<string, Promise<Json | undefined>>();
  const load = async (uploadId: string, entryId: string): Promise<Json | undefined> => {
    const entry = await findEntryRow(ctx.db, entryId);
    // The reference names the upload (or the source's): an entry of another upload is not its target.
    if (!entry || entry.upload_id !== uploadId) return undefined;
    if (!(await mayReadUpload(ctx.db, uploadId, caller))) return undefined;
    return readJsonFile<Json>(new UploadFiles(ctx.config.dataDir, uploadId).archivePath(entryId));
  };
  for (const reference of references) {
    signal?.throwIfAborted();
    const { location } = reference;
    const uploadId = location.uploadId ?? sourceUploadId;
    const entryId =
      location.entryId ?? (location.mainfile ? generateEntryId(uploadId, location.mainfile) : undefined);
    if (!entryId) continue;
    const key = `${uploadId}/${entryId}`;
    if (!archives.has(key)) {
      if (archives.size >= MAX_REFERENCED_ARCHIVES) continue;
      archives.set(
        key,
        load(uploadId, entryId).catch(() => undefined),
      );
    }
    const archive = await archives.get(key);
    const path = archive === undefined ? [] : absoluteIndices(archive, reference.path);
    const target = archive === undefined ? undefined : resolve(archive, path);
    if (target === undefined) continue;
    if (reference.inplace) {
      (reference.holder as Record<string | number, unknown>)[reference.key] = structuredClone(target);
    } else {
      const refArchives = (out[REF_ARCHIVES_KEY] ??= {}) as Json;
      place(refArchives, [`../uploads/${uploadId}/archive/${entryId}`, ...path], structuredClone(target));
    }
  }
};
