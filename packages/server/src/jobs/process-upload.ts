import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { indexedResults } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { withoutServerPaths } from '../files/server-paths.ts';
import { UploadFiles } from '../files/storage.ts';
import { generateEntryId } from '../processing/ids.ts';
import { readMatchHead } from '../processing/compression.ts';
import { matchParser } from '../processing/matching.ts';
import { ARCHIVE_PARSER } from '../processing/parsers/archive-schema.ts';
import { sectionDefinitionIds } from '../processing/schema/definition-ids.ts';
import { replaceSectionDefinitionIds } from '../store/section-definitions.ts';
import { findUpload, setUploadProcessState } from '../store/uploads.ts';
import {
  deleteEntries,
  listFinishedEntries,
  listUploadEntryFiles,
  markEntriesPending,
  saveEntryResult,
  setEntryRunning,
  upsertPendingEntry,
} from '../store/entries.ts';
import { OtherUploadSchemas } from './other-upload-schemas.ts';
import type { ParsePool } from './parse-pool.ts';
import { readUploadMetadata } from './upload-metadata.ts';
import type { LogEntry } from './parse-task.ts';
import { SERVER_VERSION } from '../version.ts';

/** All files below the raw directory, as upload-relative paths with forward slashes. */
const walk = async (root: string, relative = ''): Promise<string[]> => {
  const dirents = await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) files.push(...(await walk(root, child)));
    else if (dirent.isFile()) files.push(child);
  }
  return files;
};

const log = (level: LogEntry['level'], event: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  level,
  event,
  timestamp: new Date().toISOString(),
  ...extra,
});

/** Runs `work` over `items` with at most `limit` in flight. */
const forEachLimited = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
};

/** A run taken over from a node that died: what it had already done is kept. */
export interface ProcessingProgress {
  /** The entries of this run were marked pending already: those finished since are not parsed again. */
  resume: boolean;
  /** Called once this run's entries are marked pending (recorded with the job). */
  onEntriesMarked(): Promise<void>;
  /** Aborts when the run lost its job (JobHandler): nothing more is written, not even a failure. */
  signal?: AbortSignal;
}

/**
 * NOMAD's process_upload: match mainfiles, drop entries whose mainfile is gone, parse and normalise each
 * entry in the thread pool, write its archive and index its metadata. Entry ids derive from upload id and
 * mainfile, so reprocessing keeps them. One failing entry never fails its siblings.
 */
export const processUpload = async (
  ctx: AppContext,
  pool: ParsePool,
  uploadId: string,
  progress?: ProcessingProgress,
): Promise<void> => {
  const { db, config } = ctx;
  const upload = await findUpload(db, uploadId);
  if (!upload) return;
  const files = new UploadFiles(config.dataDir, uploadId);
  try {
    await setUploadProcessState(db, uploadId, {
      status: 'RUNNING',
      process: 'process_upload',
      message: 'Matching',
    });
    const matched: Array<{ mainfile: string; parserName: string; entryId: string }> = [];
    for (const relative of await walk(files.rawDir)) {
      const parser = matchParser(relative, await readMatchHead(files.rawPath(relative), relative));
      if (parser)
        matched.push({
          mainfile: relative,
          parserName: parser.name,
          entryId: generateEntryId(uploadId, relative),
        });
    }
    const keep = new Set(matched.map((m) => m.entryId));
    const gone = (await listUploadEntryFiles(db, uploadId)).filter((e) => !keep.has(e.entry_id));
    await deleteEntries(
      db,
      gone.map((e) => e.entry_id),
    );
    await Promise.all(gone.map((e) => files.removeArchive(e.entry_id)));
    const finished = progress?.resume ? await listFinishedEntries(db, uploadId) : new Map<string, string[]>();
    for (const m of matched) {
      if (finished.has(m.entryId)) continue;
      await upsertPendingEntry(db, {
        entry_id: m.entryId,
        upload_id: uploadId,
        mainfile: m.mainfile,
        parser_name: m.parserName,
      });
    }
    if (!progress?.resume) await markEntriesPending(db, uploadId);
    await progress?.onEntriesMarked();
    const toParse = matched.filter((m) => !finished.has(m.entryId));

    await setUploadProcessState(db, uploadId, {
      status: 'RUNNING',
      process: 'process_upload',
      message: `Parsing ${matched.length} ${matched.length === 1 ? 'entry' : 'entries'}`,
    });
    const userMetadata = await readUploadMetadata(files.rawDir);
    // Failed entries are named in the upload's errors; the upload itself still succeeds, as in NOMAD.
    const failures: string[] = [...userMetadata.problems];
    for (const m of matched) {
      const error = finished.get(m.entryId)?.[0];
      if (error) failures.push(`${m.mainfile}: ${error}`);
    }
    const signal = progress?.signal;
    const otherSchemas = new OtherUploadSchemas(ctx, upload);
    await forEachLimited(toParse, pool.size, async (m) => {
      signal?.throwIfAborted();
      await setEntryRunning(db, m.entryId);
      const started = Date.now();
      const parsed = await pool.run({
        absolutePath: files.rawPath(m.mainfile),
        relativePath: m.mainfile,
        uploadId,
        entryId: m.entryId,
        parserName: m.parserName,
        dataDir: config.dataDir,
      });
      // Only archive files define sections or use schemas (of other uploads too).
      const hasSchemas = m.parserName === ARCHIVE_PARSER;
      // A refused entry keeps none of what the parser wrote: it may quote the other upload's schema.
      const refusal = hasSchemas ? await otherSchemas.refusal(parsed) : undefined;
      const outcome: typeof parsed = refusal ? { ok: false, error: refusal, logs: [] } : parsed;
      // The node that took the job over parses this entry again; its result here is dropped.
      signal?.throwIfAborted();
      const logs = [...outcome.logs];
      const metadataBase = {
        entry_id: m.entryId,
        upload_id: uploadId,
        mainfile: m.mainfile,
        parser_name: m.parserName,
        entry_name: path.posix.basename(m.mainfile),
        nomad_version: SERVER_VERSION,
      };
      const fromFile = userMetadata.forEntry(m.mainfile);
      if (outcome.ok) {
        // The search index keeps the searchable results only (no arrays, no references).
        const indexed =
          outcome.archive.results === undefined
            ? undefined
            : indexedResults(outcome.archive.results, {
                onInvalid: (error) =>
                  logs.push(log('WARNING', `not indexed: ${error.message}`, { parser: m.parserName })),
              });
        logs.push(
          log('INFO', 'processing done', { parser: m.parserName, duration_ms: Date.now() - started }),
        );
        // The parser's entry name (e.g. 'Si2 VASP simulation') wins over the file name.
        const archiveMetadata = (outcome.archive.metadata ?? {}) as Record<string, unknown>;
        const metadata = {
          ...archiveMetadata,
          ...metadataBase,
          entry_name: archiveMetadata.entry_name ?? metadataBase.entry_name,
          ...fromFile,
        };
        const archive: Record<string, unknown> = { ...outcome.archive, metadata, processing_logs: logs };
        await files.writeArchive(m.entryId, archive);
        if (hasSchemas)
          await replaceSectionDefinitionIds(db, m.entryId, sectionDefinitionIds(outcome.archive.definitions));
        await saveEntryResult(db, m.entryId, {
          status: 'SUCCESS',
          errors: [],
          metadata: {
            ...metadata,
            ...(indexed ? { results: indexed } : {}),
            processed: true,
            processing_errors: [],
          },
        });
      } else {
        failures.push(`${m.mainfile}: ${outcome.error}`);
        // Parser failures are logged by the pipeline; time-outs and crashed threads only by the pool.
        if (!logs.some((entry) => entry.level === 'ERROR'))
          logs.push(log('ERROR', outcome.error, { parser: m.parserName }));
        await files.writeArchive(m.entryId, {
          ...outcome.archive,
          metadata: { ...metadataBase, ...((outcome.archive?.metadata ?? {}) as object) },
          processing_logs: logs,
        });
        if (hasSchemas) await replaceSectionDefinitionIds(db, m.entryId, []);
        await saveEntryResult(db, m.entryId, {
          status: 'FAILURE',
          errors: [outcome.error],
          metadata: { ...metadataBase, ...fromFile, processed: false, processing_errors: [outcome.error] },
        });
      }
    });
    signal?.throwIfAborted();
    await setUploadProcessState(db, uploadId, {
      status: 'SUCCESS',
      process: 'process_upload',
      message: 'Process process_upload completed successfully',
      errors: failures.sort(),
      complete: true,
    });
  } catch (error) {
    if (progress?.signal?.aborted) throw error;
    // Upload errors are shown to users: no absolute server paths in them.
    const message = withoutServerPaths(error instanceof Error ? error.message : String(error), [
      files.rawDir,
      config.dataDir,
    ]);
    await setUploadProcessState(db, uploadId, {
      status: 'FAILURE',
      process: 'process_upload',
      message: 'Process process_upload failed',
      errors: [message],
      complete: true,
    });
  }
};
