// Processing of one mainfile: read -> parse -> normalise -> archive object. Pure apart from reading
// the file and listing its folder (the entry's files); the caller stores the archive and indexes it. Never throws: failures come back as a
// result with ok=false and an ERROR log, so one bad entry cannot fail its siblings.
import type { LogLevel, ProcessingLog } from '@oasis/schema';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { formatBytes } from '../files/sizes.ts';
import { withoutServerPaths } from '../files/server-paths.ts';
import { entryHash, entryHashOfFile, generateEntryId } from './ids.ts';
import { compressionOf, decompress, decompressingStream, readMatchHead } from './compression.ts';
import { ContentTooLargeError, DEFAULT_MAX_MAINFILE_BYTES } from './content-limit.ts';
import { getParser, matchParser } from './matching.ts';
import { normalizeArchive } from './normalizers/index.ts';
import { entryFiles, searchMetadata } from './search-metadata.ts';
import { siblingFile, siblingNames } from './parsers/sibling-files.ts';
import type { FolderMainfile, MainfileParser, ParsedSections, ParserOutput } from './types.ts';

export interface ParseMainfileOptions {
  /** Where the file is on disk. */
  absolutePath: string;
  /** Path relative to the upload's raw folder; becomes metadata.mainfile and feeds the entry id. */
  relativePath: string;
  uploadId: string;
  /** The matched parser, or its name. */
  parser: MainfileParser | string;
  /** Key of a child entry (feeds the entry id); absent for ordinary entries. */
  mainfileKey?: string;
  /** The upload's raw folder; derived from absolutePath and relativePath when omitted. */
  rawRoot?: string;
  /** Raw folders of other uploads, for schemas referred to there. */
  otherUploadRaw?: (uploadId: string) => string | undefined;
  /** The file's bytes when the caller already has them (skips reading absolutePath). */
  content?: Buffer;
  /** Clock for log timestamps (tests pin it). */
  now?: () => Date;
  /** Overrides the parser's limit on the size of a file it reads whole (config `max_mainfile_size`). */
  maxBytes?: number;
}

interface ProcessingFailure {
  /** Which step failed ('limit': the file is larger than its parser reads). */
  step: 'read' | 'limit' | 'parse';
  /** Human-readable reason, also the ERROR log's event. */
  message: string;
  parser: string;
}

/** The sections the parser wrote, with the metadata and logs of processing (built here, not typed by the schema). */
type EntryArchive = ParsedSections & {
  metadata: Record<string, unknown>;
  processing_logs: ProcessingLog[];
};

export type ParseMainfileResult =
  | { ok: true; entryId: string; archive: EntryArchive; logs: ProcessingLog[]; errors: string[] }
  | {
      ok: false;
      entryId: string;
      /** Metadata and logs only, so the failed entry can still be stored and shown. */
      archive: EntryArchive;
      logs: ProcessingLog[];
      errors: string[];
      error: ProcessingFailure;
    };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The parser's limit on a file it reads whole. */
function maxBytesOf(parser: MainfileParser, mainfile: string): number {
  const limit = parser.maxBytes;
  return typeof limit === 'function' ? limit(mainfile) : (limit ?? DEFAULT_MAX_MAINFILE_BYTES);
}

/** A file system error by its code and upload path: absolute server paths stay out of entry logs. */
function readError(error: unknown, relativePath: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code && (error as NodeJS.ErrnoException).syscall ? new Error(`${relativePath}: ${code}`) : error;
}

/** Reads a whole mainfile, refusing (before reading) one larger than `limit`. */
async function readWhole(absolutePath: string, relativePath: string, limit: number) {
  const handle = await open(absolutePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size > limit) throw new ContentTooLargeError(limit, size);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

function deriveRawRoot(absolutePath: string, relativePath: string): string {
  const abs = absolutePath.replace(/\\/g, '/');
  const rel = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  return abs.endsWith(`/${rel}`)
    ? abs.slice(0, abs.length - rel.length - 1)
    : abs.slice(0, abs.lastIndexOf('/'));
}

/** Lines of a text (a last line without its newline counts). */
function lineCount(content: Buffer): number {
  let lines = 0;
  for (let at = content.indexOf(10); at >= 0; at = content.indexOf(10, at + 1)) lines += 1;
  return content.length > 0 && content[content.length - 1] !== 10 ? lines + 1 : lines;
}

/** The error with another message, its stack kept for the log. */
function withMessage(error: unknown, message: string): Error {
  const changed = new Error(message);
  if (error instanceof Error && error.stack) changed.stack = error.stack;
  return changed;
}

/** How many names of the mainfile's folder are matched for folderMainfiles (a huge folder is not). */
const FOLDER_MAINFILE_NAMES = 1000;

/** The other mainfiles of the mainfile's folder (by name and head, as matching finds them), by path. */
async function folderMainfiles(
  absolutePath: string,
  relativePath: string,
  rawRoot: string,
): Promise<FolderMainfile[]> {
  const self = basename(absolutePath);
  const folder = dirname(relativePath);
  const found: FolderMainfile[] = [];
  for (const name of (await siblingNames(absolutePath, FOLDER_MAINFILE_NAMES)).sort()) {
    if (name === self) continue;
    const path = folder === '.' ? name : `${folder}/${name}`;
    // Files that cannot be read (or lead out of the upload) are no mainfiles here.
    const file = await siblingFile(absolutePath, rawRoot, name).catch(() => undefined);
    const head = file && (await readMatchHead(file.path, path).catch(() => undefined));
    const parser = head && matchParser(path, head);
    if (parser) found.push({ path, parser: parser.name });
  }
  return found;
}

export async function parseMainfile(options: ParseMainfileOptions): Promise<ParseMainfileResult> {
  const { absolutePath, relativePath, uploadId, mainfileKey } = options;
  const now = options.now ?? (() => new Date());
  const parserName = typeof options.parser === 'string' ? options.parser : options.parser.name;
  const entryId = generateEntryId(uploadId, relativePath, mainfileKey);
  const logs: ProcessingLog[] = [];
  const log = (level: LogLevel, event: string, exception?: string): void => {
    const entry: ProcessingLog = { level, event, parser: parserName, timestamp: now().toISOString() };
    if (exception !== undefined) entry.exception = exception;
    logs.push(entry);
  };
  const metadata: Record<string, unknown> = {
    entry_id: entryId,
    upload_id: uploadId,
    mainfile: relativePath,
    parser_name: parserName,
    // Default name is the file name (suffixes included); parsers may name the entry from its content.
    entry_name: basename(relativePath),
  };
  if (mainfileKey) metadata.mainfile_key = mainfileKey;
  const rawRoot = options.rawRoot ?? deriveRawRoot(absolutePath, relativePath);
  const fail = (step: ProcessingFailure['step'], error: unknown): ParseMainfileResult => {
    const message = withoutServerPaths(errorMessage(error), [rawRoot]);
    const event =
      step === 'read'
        ? `could not read mainfile: ${message}`
        : step === 'parse'
          ? `parser failed: ${message}`
          : message;
    const stack = error instanceof Error && step !== 'limit' ? (error.stack ?? message) : undefined;
    log('ERROR', event, stack === undefined ? undefined : withoutServerPaths(stack, [rawRoot]));
    return {
      ok: false,
      entryId,
      archive: { metadata, processing_logs: logs },
      logs,
      errors: [event],
      error: { step, message: event, parser: parserName },
    };
  };

  const parser = typeof options.parser === 'string' ? getParser(options.parser) : options.parser;
  if (!parser) return fail('parse', new Error(`no parser named '${parserName}'`));

  const compression = compressionOf(relativePath);
  const limit = options.maxBytes ?? maxBytesOf(parser, relativePath);
  const tooLarge = ({ sizeBytes }: ContentTooLargeError) =>
    new Error(
      `${relativePath} is too large to parse: ${sizeBytes === undefined ? 'it unpacks to more than' : `${formatBytes(sizeBytes)}, over`} the limit of ${formatBytes(limit)} for ${parserName}`,
    );
  // Listed once, and only for a parser that asks.
  let listed: Promise<FolderMainfile[]> | undefined;
  const input = {
    mainfile: relativePath,
    absolutePath,
    rawRoot,
    uploadId,
    ...(options.otherUploadRaw ? { otherUploadRaw: options.otherUploadRaw } : {}),
    folderMainfiles: () => (listed ??= folderMainfiles(absolutePath, relativePath, rawRoot)),
    // Parsers quote error messages of sibling files they read (INCAR): upload paths only. A run that did
    // not finish is said with where its file stops.
    log: (level: LogLevel, event: string) =>
      log(
        level,
        withoutServerPaths(
          /did not finish$/.test(event) ? `${event}${whereItEnds()}` : event,
          [rawRoot],
          false,
        ),
      ),
  };
  // Where the mainfile's text stops, for messages about runs cut short (not known for streamed files).
  let whereItEnds = (): string => '';
  let output: ParserOutput;
  if (parser.parseStream && !options.content) {
    // Streaming parsers bound their own memory (frame caps), so the file may be of any size.
    try {
      metadata.entry_hash = await entryHashOfFile(absolutePath);
    } catch (error) {
      return fail('read', readError(error, relativePath));
    }
    const read = () => {
      const source = createReadStream(absolutePath);
      return compression ? decompressingStream(source, compression) : source;
    };
    try {
      output = await parser.parseStream({ ...input, read });
    } catch (error) {
      return fail('parse', readError(error, relativePath));
    }
  } else {
    let content: Buffer;
    try {
      const raw = options.content ?? (await readWhole(absolutePath, relativePath, limit));
      metadata.entry_hash = entryHash(raw);
      content = compression ? await decompress(raw, compression, limit) : raw;
    } catch (error) {
      if (error instanceof ContentTooLargeError) return fail('limit', tooLarge(error));
      return fail('read', readError(error, relativePath));
    }
    // Outputs of programs (not structure or archive files, whose errors say where): cut off, they stop.
    if (/ code$| manager$/.test(parser.code.codeCategory))
      whereItEnds = () => ` (${basename(relativePath)} ends at line ${lineCount(content)})`;
    try {
      output = await parser.parse({ ...input, content });
    } catch (error) {
      // A message that does not say where already, says where the file stops: a truncated file's cause.
      const message = errorMessage(error);
      return fail(
        'parse',
        /\bline \d|\bbyte \d/.test(message) ? error : withMessage(error, `${message}${whereItEnds()}`),
      );
    }
  }
  log('INFO', 'parser executed');

  if (output.entryType !== undefined) metadata.entry_type = output.entryType;
  if (output.entryName !== undefined) metadata.entry_name = output.entryName;
  if (output.domain !== undefined) metadata.domain = output.domain;
  const archive: EntryArchive = { ...output.sections, metadata, processing_logs: logs };
  const context: Parameters<typeof normalizeArchive>[0] = {
    archive,
    log: (level, event) => log(level, event),
  };
  if (output.structure) context.structure = output.structure;
  if (output.declaredSymmetry) context.declaredSymmetry = output.declaredSymmetry;
  await normalizeArchive(context);
  log('INFO', 'normalizers executed');
  // This function never throws: a folder that cannot be listed leaves the entry its mainfile alone.
  const files = await entryFiles(relativePath, dirname(absolutePath)).catch((error: unknown) => {
    const message = withoutServerPaths(errorMessage(error), [rawRoot]);
    log('WARNING', `could not list the files of the mainfile's folder: ${message}`);
    return [relativePath];
  });
  Object.assign(
    metadata,
    searchMetadata(archive, {
      entryId,
      uploadId,
      files,
      ...(output.dataDefinition ? { dataDefinition: output.dataDefinition } : {}),
    }),
  );
  const errors = logs.filter((l) => l.level === 'ERROR').map((l) => l.event);
  return { ok: true, entryId, archive, logs, errors };
}
