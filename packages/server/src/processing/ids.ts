// Identifiers as NOMAD computes them, so ids minted here look like (and, for the same inputs,
// equal) the ones a NOMAD installation would produce.
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';

const HASH_CHUNK_BYTES = 1 << 20;

/** NOMAD's utils.hash: SHA-512 over the utf-8 inputs, url-safe base64, first 28 characters. */
export function nomadHash(...parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha512');
  // No separator between parts: that is what NOMAD does, and ids must stay reproducible.
  for (const part of parts) hash.update(typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
  return hash.digest('base64url').slice(0, 28);
}

/** Entry id of a mainfile (plus the optional key of a child entry) inside an upload. */
export function generateEntryId(uploadId: string, mainfile: string, mainfileKey?: string): string {
  return mainfileKey ? nomadHash(uploadId, mainfile, mainfileKey) : nomadHash(uploadId, mainfile);
}

/** Raw-file checksum of the mainfile content (metadata.entry_hash), same encoding as ids. */
export function entryHash(content: Buffer | string): string {
  return nomadHash(content);
}

/** entryHash of a file's bytes, read as a stream (for files too large to hold). */
export async function entryHashOfFile(path: string): Promise<string> {
  const hash = createHash('sha512');
  // One buffer read into again and again: a read stream's fresh chunks pile up until the next
  // collection (33 MB for a 50 MB file), more than the parse of it needs.
  const buffer = Buffer.alloc(HASH_CHUNK_BYTES);
  const file = await open(path, 'r');
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hash.digest('base64url').slice(0, 28);
}

/** New upload id: 16 random bytes (a uuid4's worth) as url-safe base64 without padding. */
export function createUploadId(): string {
  const bytes = randomBytes(16);
  // Set the uuid4 version and variant bits, as NOMAD's uuid.uuid4().bytes would carry.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return bytes.toString('base64url');
}

/** True for strings in the url-safe base64 alphabet that ids use. */
export function isUrlSafeId(id: string, length?: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(id) && (length === undefined || id.length === length);
}
