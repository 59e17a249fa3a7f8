import { NESTED_SECTIONS, type SearchQuantity } from '../quantities.ts';
import { Column, grownTo, type Scalar } from './column.ts';
import { RowIndex } from './row-index.ts';
import { ValueList } from './value-list.ts';
import { collectValues, pathTrie, type PathTrie } from './extract.ts';
import { FREE_TEXT, FREE_TEXT_SOURCES, freeTextWords } from './free-text.ts';
import { nestedItemsOf, type NestedItem } from './nested.ts';

/** Top-level keys of the search document that come from the upload, not from the entry's own metadata. */
export const UPLOAD_KEYS: ReadonlySet<string> = new Set([
  'upload_name',
  'upload_create_time',
  'published',
  'publish_time',
  'with_embargo',
  'embargo_length',
  'license',
  'main_author',
  'authors',
  'writers',
  'viewers',
  'writer_groups',
  'viewer_groups',
]);

/** The states of a row in SearchIndex.searchable. */
export const ROW = { hidden: 0, searchable: 1, dropped: 2 } as const;

/** What visibility decisions need of an upload. */
export interface UploadAccess {
  upload_id: string;
  published: boolean;
  with_embargo: boolean;
  main_author: string;
  /** Main author, co-authors and reviewers. */
  members: ReadonlySet<string>;
  /** Co-author groups: their owners and members are writers. Absent: none. */
  writer_groups?: readonly string[];
  /** Co-author and reviewer groups (without 'all'): their owners and members are viewers. Absent: none. */
  viewer_groups?: readonly string[];
  /** 'all' is among the reviewer groups: everyone may see the upload unless it is under embargo. */
  visible_to_all?: boolean;
}

export interface IndexedQuantity {
  quantity: SearchQuantity;
  path: readonly string[];
  /** Upload-level quantities are stored once per upload and read through the row's upload. */
  scope: 'entry' | 'upload';
  column: Column;
}

/**
 * The search index: every search quantity of every entry as a column over row numbers, upload-level
 * quantities over upload slots. The database stays the record; this is rebuilt from it on start and
 * kept current by search/engine/sync.ts.
 */
export class SearchIndex {
  readonly quantities = new Map<string, IndexedQuantity>();
  /** The entry id of each row (a removed entry's row keeps it). */
  readonly entryIds = new ValueList<string>();
  readonly rowOf = new RowIndex(this.entryIds);
  /** Upload slot of each row (a typed array, grown with `searchable`: copied and restored in one call). */
  uploadOf = new Int32Array(1024);
  /**
   * Per row: SEARCHABLE for entries that searches may return (processed: SUCCESS or FAILURE), HIDDEN for
   * entries still processing, DROPPED for rows no entry holds any more (a snapshot leaves them out).
   */
  searchable = new Uint8Array(1024);
  readonly uploads: (UploadAccess | undefined)[] = [];
  /** The upload part of the search documents (name, times, authors), merged into page documents. */
  readonly uploadDocs: (Record<string, unknown> | undefined)[] = [];
  readonly uploadSlotOf = new Map<string, number>();
  /**
   * The items of nested sections by row, for queries one item must meet as a whole; columns keep each
   * quantity's values but not which item they came from. Only entries with such sections have any.
   */
  readonly nestedItems = new Map<string, (NestedItem[] | undefined)[]>(
    [...NESTED_SECTIONS].map((section) => [section, []]),
  );
  /** Counts changes, so a snapshot is written only when there is something new to keep. */
  revision = 0;
  private readonly entryTrie: PathTrie<IndexedQuantity>;
  private readonly uploadTrie: PathTrie<IndexedQuantity>;
  private readonly clearing: Clearing;

  constructor(quantities: readonly SearchQuantity[]) {
    for (const quantity of quantities) {
      // Aliases read their values where the document keeps them now.
      const path = (quantity.source ?? quantity.name).split('.');
      this.quantities.set(quantity.name, {
        quantity,
        path,
        scope: UPLOAD_KEYS.has(path[0]!) ? 'upload' : 'entry',
        column: new Column(quantity.type),
      });
    }
    const all = [...this.quantities.values()];
    this.clearing = new Clearing(all);
    this.entryTrie = pathTrie(all.filter((q) => q.scope === 'entry'));
    this.uploadTrie = pathTrie(all.filter((q) => q.scope === 'upload'));
  }

  get rowCount(): number {
    return this.entryIds.length;
  }

  uploadSlot(uploadId: string): number {
    let slot = this.uploadSlotOf.get(uploadId);
    if (slot === undefined) {
      slot = this.uploads.length;
      this.uploads.push(undefined);
      this.uploadSlotOf.set(uploadId, slot);
    }
    return slot;
  }

  /** Stores an upload's access facts and its part of the search document. */
  putUpload(access: UploadAccess, doc: Record<string, unknown>): void {
    this.revision++;
    const slot = this.uploadSlot(access.upload_id);
    const known = this.uploads[slot] !== undefined;
    this.uploads[slot] = access;
    this.uploadDocs[slot] = doc;
    this.store(this.uploadTrie, 'upload', slot, doc, known);
  }

  /**
   * Grows one entry column the next rows would grow. Columns of quantities most entries have would
   * otherwise all double at the same row, copying hundreds of MB in one turn of the event loop; syncs call
   * this between their slices to spread the copies out. False when none is due.
   */
  growAhead(expectedRows: number): boolean {
    const rows = this.entryIds.length;
    for (const { column, scope } of this.quantities.values())
      if ((scope === 'entry' && column.growAhead(rows, expectedRows)) || column.growPoolAhead()) return true;
    return false;
  }

  /**
   * Grows by one array a column that storing `doc` in a new row would grow at once, false when the row
   * fits: a loaded index's columns are full, and its first new entry doubled some 45 columns of a
   * million rows in one go (0.9 s without a turn). Call between turns before putEntry of a new entry.
   */
  growFor(doc: Record<string, unknown>): boolean {
    const next = this.entryIds.length + 1;
    for (const indexed of collectValues(this.entryTrie, doc).keys())
      if (indexed.column.growAhead(next, next)) return true;
    return this.quantities.get(FREE_TEXT)?.column.growAhead(next, next) ?? false;
  }

  /**
   * Warms dictionaries a load restored (Dictionary.warm) by up to `limit` values of one of them; false
   * when all are warm.
   */
  warmStep(limit: number): boolean {
    for (const { column } of this.quantities.values())
      if (column.dictionary?.warm(limit) === false) return true;
    return false;
  }

  /** Stores (or replaces) an entry's document; entries still processing are kept but not searchable. */
  putEntry(entryId: string, uploadId: string, doc: Record<string, unknown>, searchable: boolean): void {
    this.revision++;
    let row = this.rowOf.get(entryId);
    const known = row !== undefined;
    if (row === undefined) {
      row = this.entryIds.length;
      this.entryIds.push(entryId);
      this.rowOf.add(row);
      if (row >= this.searchable.length) {
        this.searchable = grownTo(this.searchable, this.searchable.length * 2);
        this.uploadOf = grownTo(this.uploadOf, this.searchable.length);
      }
    }
    this.uploadOf[row] = this.uploadSlot(uploadId);
    this.searchable[row] = searchable ? ROW.searchable : ROW.hidden;
    this.store(this.entryTrie, 'entry', row, doc, known);
  }

  /**
   * Walks the document once along the quantity paths (not once per quantity: there are hundreds, most
   * absent). In a slot seen before, quantities the new version lacks are cleared, and values it keeps are
   * not stored again: most of a changed entry is as it was, and checking a stored code against the value
   * costs less than looking the value up in a dictionary of a million (a third of a sync's time at 1M).
   */
  private store(
    trie: PathTrie<IndexedQuantity>,
    scope: 'entry' | 'upload',
    slot: number,
    doc: unknown,
    known: boolean,
  ) {
    if (scope === 'entry') this.storeNested(slot, doc as Record<string, unknown>);
    const found = collectValues(trie, doc);
    const freeText = scope === 'entry' ? this.quantities.get(FREE_TEXT) : undefined;
    if (freeText) {
      const sources: Scalar[] = [];
      for (const [indexed, values] of found)
        if (FREE_TEXT_SOURCES.has(indexed.quantity.name)) for (const value of values) sources.push(value);
      // Its own values, if the document has any, are among the sources: the words replace them.
      found.set(freeText, freeTextWords(sources));
    }
    if (known) this.clearing.clearOthers(scope, slot, found.keys());
    for (const [indexed, values] of found) {
      if (!known || !holdsAlready(indexed.column, slot, values)) indexed.column.set(slot, values);
    }
  }

  /** Sets (or clears) a row's nested section items from its document. */
  storeNested(row: number, doc: Record<string, unknown>): void {
    for (const [section, items] of this.nestedItems) {
      const found = nestedItemsOf(doc, section);
      if (found) items[row] = found;
      else if (items[row] !== undefined) items[row] = undefined;
    }
  }

  removeEntry(entryId: string): void {
    const row = this.rowOf.get(entryId);
    if (row === undefined) return;
    this.revision++;
    this.rowOf.remove(row);
    this.dropRow(row);
  }

  /** Empties a row no entry holds any more: not searchable, no values (rows are reused only by a rebuild). */
  dropRow(row: number): void {
    this.searchable[row] = ROW.dropped;
    for (const indexed of this.quantities.values()) {
      if (indexed.scope === 'entry') indexed.column.clear(row);
    }
    for (const items of this.nestedItems.values()) items[row] = undefined;
  }

  /** Where a row's values of a quantity are stored: its own row, or its upload's slot. */
  slotOf(indexed: IndexedQuantity, row: number): number {
    return indexed.scope === 'entry' ? row : this.uploadOf[row]!;
  }
}

/** Clears a slot in the columns of its scope but the given ones, without a set of those per call. */
class Clearing {
  private readonly lists = { entry: [] as IndexedQuantity[], upload: [] as IndexedQuantity[] };
  /** Each quantity's position in its scope's list. */
  private readonly positionOf = new Map<IndexedQuantity, number>();
  /** Per position: the stamp of the last call that kept it. */
  private readonly marks: Float64Array;
  private stamp = 0;

  constructor(all: readonly IndexedQuantity[]) {
    for (const indexed of all) {
      const list = this.lists[indexed.scope];
      this.positionOf.set(indexed, list.length);
      list.push(indexed);
    }
    this.marks = new Float64Array(all.length);
  }

  clearOthers(scope: 'entry' | 'upload', slot: number, kept: Iterable<IndexedQuantity>): void {
    const stamp = ++this.stamp;
    for (const indexed of kept) this.marks[this.positionOf.get(indexed)!] = stamp;
    const list = this.lists[scope];
    for (let i = 0; i < list.length; i++) if (this.marks[i] !== stamp) list[i]!.column.clear(slot);
  }
}

/**
 * Whether a dictionary column's slot holds `values` already, in that order (Column.set keeps a slot's
 * values as given). Other columns say no: storing a number costs no more than comparing it.
 */
const holdsAlready = (column: Column, slot: number, values: readonly Scalar[]): boolean => {
  const dictionary = column.dictionary;
  if (!dictionary) return false;
  const { single, counts, starts, pool } = column.arrays();
  if (slot >= single.length) return false;
  const stored = single[slot]!;
  if (values.length === 1) return stored === stored && dictionary.holds(stored, values[0]!);
  if (stored === stored) return false;
  const count = counts?.[slot] ?? 0;
  if (count !== values.length) return false;
  const start = starts?.[slot] ?? 0;
  for (let i = 0; i < count; i++) if (!dictionary.holds(pool[start + i]!, values[i]!)) return false;
  return true;
};
