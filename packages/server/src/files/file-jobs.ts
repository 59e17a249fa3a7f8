import type { UploadFileLimits } from '../config/processing-limits.ts';

export type ArchiveKind = 'zip' | 'tar' | 'tar.gz';

/** Extracts an archive into the upload's raw folder, all or nothing (extract.ts says how). */
export interface ExtractJob {
  op: 'extract';
  kind: ArchiveKind;
  /** The archive file. */
  file: string;
  /** A folder of the upload's tmp/ that the members are staged in. */
  staging: string;
  /** The upload's raw folder. */
  rawDir: string;
  /** The upload path the members go below ('' for the upload's root), already checked. */
  target: string;
  limits: UploadFileLimits;
  /** The bytes the upload may still take, and the answer when the members need more. */
  budget: { bytes: number; status: number; detail: string };
}

/** One operation over a tree; paths are absolute. */
export type FileJob =
  /** Deletes a file or folder tree; nothing there is no error. */
  | { op: 'remove'; target: string }
  /** Deletes a tree a read-only mirror made (its folders are made writable first). */
  | { op: 'remove-mirror'; target: string }
  /**
   * Mirrors `source`'s regular files as hard links (copies across file systems) below `target`, files
   * and folders without write permission; a missing source gives an empty folder.
   */
  | { op: 'mirror-read-only'; source: string; target: string }
  /** Renames each of `relatives` from below `from` to below `to`, making the folders it needs. */
  | { op: 'move-into'; from: string; to: string; relatives: string[] }
  /** Bytes of the regular files below `target` (symbolic links are not followed); 0 when it is missing. */
  | { op: 'bytes-below'; target: string }
  | ExtractJob;

interface FileJobResults {
  remove: undefined;
  'remove-mirror': undefined;
  'mirror-read-only': undefined;
  'move-into': undefined;
  'bytes-below': number;
  /** The upload paths written. */
  extract: string[];
}

export type FileJobResult<J extends FileJob> = FileJobResults[J['op']];

/**
 * A failed job as it crosses from the thread: an HTTP error keeps its status and detail; any other keeps
 * its message, system error code and, for `move-into`, the upload path it failed at.
 */
export interface FileJobFailure {
  message: string;
  code?: string;
  relative?: string;
  status?: number;
  detail?: string;
}

export type FileWorkAnswer = { result: unknown } | { error: FileJobFailure };
