// Processing of one mainfile: read -> parse -> normalise -> archive object. Pure apart from reading
// the file and listing its folder (the entry's files); the caller stores the archive and indexes it. Never throws: failures come back as a
// result with ok=false and an ERROR log, so one bad entry cannot fail its siblings.
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { entryHash, generateEntryId } from './ids.ts';
import { compressionOf, decompress } from './compression.ts';
import { getParser } from './matching.ts';
import { normalizeArchive } from './normalizers/index.ts';
import { entryFiles, searchMetadata } from './search-metadata.ts';
import type { LogLevel, MainfileParser, ParserOutput, ProcessingLog } from './types.ts';

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
  /** The file's bytes when the caller already has them (skips reading absolutePath). */
  content?: Buffer;
  /** Clock for log timestamps (tests pin it). */
  now?: () => Date;
}

export interface ProcessingFailure {
  /** Which step failed. */
  step: 'read' | 'parse';
  /** Human-readable reason, also the ERROR log's event. */
  message: string;
  parser: string;
}

export type EntryArchive = Record<string, unknown> & {
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

function deriveRawRoot(absolutePath: string, relativePath: string): string {
  const abs = absolutePath.replace(/\\/g, '/');
  const rel = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  return abs.endsWith(`/${rel}`)
    ? abs.slice(0, abs.length - rel.length - 1)
    : abs.slice(0, abs.lastIndexOf('/'));
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
  const fail = (step: ProcessingFailure['step'], error: unknown): ParseMainfileResult => {
    const message = errorMessage(error);
    const event = step === 'read' ? `could not read mainfile: ${message}` : `parser failed: ${message}`;
    log('ERROR', event, error instanceof Error ? (error.stack ?? message) : undefined);
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

  let content: Buffer;
  try {
    const raw = options.content ?? (await readFile(absolutePath));
    metadata.entry_hash = entryHash(raw);
    const compression = compressionOf(relativePath);
    content = compression ? await decompress(raw, compression) : raw;
  } catch (error) {
    // Report the file by its upload path: absolute server paths do not belong in entry logs.
    const code = (error as NodeJS.ErrnoException).code;
    return fail('read', code ? new Error(`${relativePath}: ${code}`) : error);
  }

  let output: ParserOutput;
  try {
    output = await parser.parse({
      mainfile: relativePath,
      absolutePath,
      rawRoot: options.rawRoot ?? deriveRawRoot(absolutePath, relativePath),
      content,
      log: (level, event) => log(level, event),
    });
  } catch (error) {
    return fail('parse', error);
  }
  log('INFO', 'parser executed');

  if (output.entryType !== undefined) metadata.entry_type = output.entryType;
  if (output.entryName !== undefined) metadata.entry_name = output.entryName;
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
    log('WARNING', `could not list the files of the mainfile's folder: ${errorMessage(error)}`);
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
