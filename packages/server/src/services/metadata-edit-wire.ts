import type { EditableMetadata, MetadataEditRequest, Upload } from '@oasis/schema';
import type { UploadRow } from '../store/uploads.ts';
import type { VerifiedMetadata } from './metadata-edit-verify.ts';
import { uploadToWire } from './uploads-wire.ts';

/**
 * An upload after an edit, as NOMAD answers it: its state with the edit process. NOMAD runs the edit as a
 * process of the upload and answers while it is pending; here it has run already, in the request.
 */
export const editedUploadToWire = (row: UploadRow): Upload => ({
  ...uploadToWire(row),
  current_process: 'edit_upload_metadata',
  process_status: 'SUCCESS',
  process_running: false,
});

/** Verified metadata in the request's format; cleared values (null) are left out, as NOMAD's answer does. */
const verifiedToWire = (verified: VerifiedMetadata): EditableMetadata =>
  Object.fromEntries(Object.entries(verified).filter(([, value]) => value !== null)) as EditableMetadata;

/** POST entries/edit answers with the request as carried out: references resolved to ids, lists as ops. */
export const editResultToWire = (
  request: MetadataEditRequest,
  outcome: { metadata: VerifiedMetadata; entries: Record<string, VerifiedMetadata> },
) => ({
  ...request,
  metadata: verifiedToWire(outcome.metadata),
  entries: Object.fromEntries(Object.entries(outcome.entries).map(([key, v]) => [key, verifiedToWire(v)])),
});
