import type { Queryable } from '../../db/database.ts';
import type { SearchQuantity } from '../quantities.ts';
import { ColumnScratch, compactColumn, type ListedColumn } from './column-image.ts';
import type { ValueTexts } from './list-text.ts';
import { entryBatches, isSearchable } from './entry-batches.ts';
import { indexedDocument } from './entry-rows.ts';
import { captureRows, compactRows, type NestedImage } from './index-image.ts';
import { SearchIndex } from './search-index.ts';

/** One share of a first build: the entries whose change number in (from, to] leaves `part` modulo `parts`. */
export interface PartRequest {
  quantities: readonly SearchQuantity[];
  from: string;
  to: string;
  part: number;
  parts: number;
  /** Rows the share will have, about: columns are sized for them instead of doubling. */
  expectedRows: number;
}

/** A share of the entries as an index of its own: rows in reading order, upload slots of its own. */
export interface PartImage {
  entryIds: ValueTexts;
  /** The change number each row was read at. */
  seqs: Float64Array<ArrayBuffer>;
  searchable: Uint8Array<ArrayBuffer>;
  uploadOf: Int32Array<ArrayBuffer>;
  /** The upload id of each of the share's slots. */
  uploadIds: string[];
  nested: NestedImage[];
  /** In the quantities' order; upload-level columns are empty (the main thread reads uploads). */
  columns: ListedColumn[];
}

/**
 * Reads a share of the entries and indexes it with the same code as a sync (SearchIndex.putEntry), then
 * hands back its image: a worker thread runs this, the main thread merges the shares (part-merge.ts).
 */
export const buildPart = async (db: Queryable, request: PartRequest): Promise<PartImage> => {
  const { part, parts } = request;
  if (!Number.isInteger(part) || !Number.isInteger(parts) || part < 0 || part >= parts)
    throw new Error(`no share ${part} of ${parts}`);
  const index = new SearchIndex(request.quantities);
  let seqs = new Float64Array(Math.max(1024, request.expectedRows));
  const batches = entryBatches(
    db,
    `search_seq > $1::bigint AND search_seq <= $2::bigint AND search_seq % ${parts} = ${part}`,
    [request.from, request.to],
  );
  for await (const rows of batches) {
    for (const entry of rows) {
      index.putEntry(entry.entry_id, entry.upload_id, indexedDocument(entry), isSearchable(entry));
      const row = index.rowOf.get(entry.entry_id)!;
      if (row >= seqs.length) {
        const grown = new Float64Array(seqs.length * 2);
        grown.set(seqs);
        seqs = grown;
      }
      seqs[row] = Number(entry.search_seq);
    }
    index.growAhead(request.expectedRows);
  }
  return shareImage(index, seqs);
};

/** The image of a share's index, `seqs` holding the change number each row was read at. */
export const shareImage = async (index: SearchIndex, seqs: Float64Array): Promise<PartImage> => {
  const capture = captureRows(index);
  const rows = await compactRows(capture);
  const columns: ListedColumn[] = [];
  for (const { column, scope } of index.quantities.values()) {
    const slots = scope === 'entry' ? capture.rows : 0;
    columns.push(await compactColumn(column.copy(slots), capture.live, new ColumnScratch()));
  }
  return {
    entryIds: rows.entryIds,
    seqs: Float64Array.from(capture.live, (row) => seqs[row]!),
    searchable: rows.searchable,
    uploadOf: rows.uploadOf,
    uploadIds: capture.uploads.map((upload) => upload.upload_id),
    nested: rows.nested,
    columns,
  };
};
