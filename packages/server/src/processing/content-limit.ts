/** A mainfile's content is larger than what its parser reads whole. */
export class ContentTooLargeError extends Error {
  constructor(
    readonly limitBytes: number,
    /** The file's size when known before reading; undefined when decompression ran past the limit. */
    readonly sizeBytes?: number,
  ) {
    super(`content larger than ${limitBytes} bytes`);
  }
}

/** Parsers without a limit of their own read files of up to this size whole. */
export const DEFAULT_MAX_MAINFILE_BYTES = 256 * 1024 ** 2;
