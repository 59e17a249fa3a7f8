import type { MessagePort, Worker } from 'node:worker_threads';
import type { PartImage } from './build-part.ts';
import type { Scalar } from './column.ts';
import type { ColumnImage } from './column-image.ts';
import { isJoinedText, listText, textList } from './list-text.ts';
import { PendingValues } from './pending-values.ts';

/**
 * A list as texts of up to ITEMS_PER_TEXT items (list-text.ts), UTF-8 encoded. Moving a message between
 * threads clones it, and cloning millions of strings and objects is one uninterrupted task on the
 * receiving thread (seconds at a million entries); even cloned texts are copied there, all messages that
 * wait at once in one task. Bytes are moved instead (sendPart), and decoded and split in steps.
 */
type PackedList = Uint8Array<ArrayBuffer>[];

const ITEMS_PER_TEXT = 1 << 14;
/** Objects (nested items) per text: 16,384 of them took one JSON.parse of tens of ms on the main thread. */
const OBJECTS_PER_TEXT = 1 << 10;

const packTexts = (texts: readonly string[]): PackedList => {
  const encoder = new TextEncoder();
  return texts.map((text) => encoder.encode(text));
};

const packList = (list: readonly unknown[]): PackedList => {
  const texts: string[] = [];
  const step = list.every((item) => typeof item === 'string') ? ITEMS_PER_TEXT : OBJECTS_PER_TEXT;
  for (let from = 0; from < list.length; from += step) texts.push(listText(list.slice(from, from + step)));
  return packTexts(texts);
};

const unpackList = async <T>(texts: PackedList, turn: () => Promise<void>): Promise<T[]> => {
  const decoder = new TextDecoder();
  const list: T[] = [];
  for (const text of texts) {
    for (const item of textList(decoder.decode(text)) as T[]) list.push(item);
    await turn();
  }
  return list;
};

/**
 * A dictionary's values as texts not split (Dictionary takes them as they are): a million entries'
 * values as millions of strings were most of the main thread's heap (see dictionary.ts).
 */
const unpackPending = async (texts: PackedList, turn: () => Promise<void>): Promise<PendingValues> => {
  const decoder = new TextDecoder();
  const chunks: (string | Scalar[])[] = [];
  let count = 0;
  for (const bytes of texts) {
    await turn();
    const text = decoder.decode(bytes);
    if (isJoinedText(text)) {
      for (let at = 0; at >= 0; at = text.indexOf('\0', at + 1)) count++;
      chunks.push(text.slice(1));
    } else {
      const list = textList(text) as Scalar[];
      count += list.length;
      chunks.push(list);
    }
  }
  return new PendingValues(count, chunks);
};

/** A share's image as the main thread merges it: dictionary values not taken in yet. */
export type ReceivedPart = Omit<PartImage, 'columns' | 'entryIds'> & {
  entryIds: PendingValues;
  columns: (Omit<ColumnImage, 'values'> & { values: PendingValues | undefined })[];
};

/** A share's image as a worker posts it: lists packed, typed arrays moved (not copied). */
export interface PartMessage {
  entryIds: PackedList;
  seqs: Float64Array<ArrayBuffer>;
  searchable: Uint8Array<ArrayBuffer>;
  uploadOf: Int32Array<ArrayBuffer>;
  uploadIds: PackedList;
  nested: { section: string; rows: Int32Array<ArrayBuffer>; items: PackedList }[];
  columns: (Omit<ColumnImage, 'values' | 'codes'> & { values: PackedList | undefined })[];
}

/** The message for `postMessage`: lists packed. */
export const packPart = (image: PartImage): PartMessage => ({
  entryIds: packTexts(image.entryIds.texts),
  seqs: image.seqs,
  searchable: image.searchable,
  uploadOf: image.uploadOf,
  uploadIds: packList(image.uploadIds),
  nested: image.nested.map(({ section, rows, items }) => ({
    section,
    rows: rows as Int32Array<ArrayBuffer>,
    items: packList(items),
  })),
  columns: image.columns.map(({ values, single, counts, pool }) => ({
    values: values && packTexts(values.texts),
    single,
    counts,
    pool,
  })),
});

/** The lists of a message in one fixed order, so that sender and receiver agree on it. */
const listsOf = (message: PartMessage): PackedList[] => [
  message.entryIds,
  message.uploadIds,
  ...message.nested.map((nested) => nested.items),
  ...message.columns.flatMap((column) => (column.values ? [column.values] : [])),
];

type ColumnArrays = Omit<PartMessage['columns'][number], 'values'>;

/**
 * Posts a share's image in many small messages, each a short task for the receiver: every text of its
 * lists, then each column's arrays (moved, not copied: a column at a time, since hundreds of megabytes of
 * buffers arriving at once make the receiving thread collect garbage at once), then the rest.
 */
export const sendPart = (port: MessagePort, image: PartImage): void => {
  const message = packPart(image);
  const lengths: number[] = [];
  for (const list of listsOf(message)) {
    for (const text of list) port.postMessage({ text }, [text.buffer]);
    lengths.push(list.length);
    list.length = 0;
  }
  message.columns.forEach(({ single, counts, pool }, column) => {
    const arrays: ColumnArrays = { single, counts, pool };
    port.postMessage({ column, arrays }, [single.buffer, pool.buffer, ...(counts ? [counts.buffer] : [])]);
  });
  const rest: PartMessage = {
    ...message,
    columns: message.columns.map(({ values }) => ({
      values,
      single: new Float64Array(0),
      counts: undefined,
      pool: new Float64Array(0),
    })),
  };
  const buffers = [rest.seqs.buffer, rest.searchable.buffer, rest.uploadOf.buffer];
  port.postMessage({ message: rest, lengths }, [
    ...buffers,
    ...rest.nested.map((nested) => nested.rows.buffer),
  ]);
};

type Piece =
  | { text: PackedList[number] }
  | { column: number; arrays: ColumnArrays }
  | { message: PartMessage; lengths: number[] };

/** Receives what sendPart posts: the image's message with its lists and columns filled again. */
export const receivePart = (worker: Worker): Promise<PartMessage> =>
  new Promise((resolve, reject) => {
    const texts: PackedList = [];
    const columns: ColumnArrays[] = [];
    worker.on('message', (piece: Piece) => {
      if ('text' in piece) texts.push(piece.text);
      else if ('column' in piece) columns[piece.column] = piece.arrays;
      else {
        const { message, lengths } = piece;
        let at = 0;
        listsOf(message).forEach((list, i) => {
          const length = lengths[i] ?? 0;
          for (let k = 0; k < length; k++) list.push(texts[at + k]!);
          at += length;
        });
        message.columns = message.columns.map(({ values }, i) => ({ values, ...columns[i]! }));
        resolve(message);
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`an index build worker ended (exit code ${code})`)));
  });

/** The image again, its lists parsed in steps. */
export const unpackPart = async (message: PartMessage, turn: () => Promise<void>): Promise<ReceivedPart> => {
  const columns: ReceivedPart['columns'] = [];
  for (const { values, single, counts, pool } of message.columns)
    columns.push({ values: values && (await unpackPending(values, turn)), single, counts, pool });
  const nested: PartImage['nested'] = [];
  for (const { section, rows, items } of message.nested)
    nested.push({ section, rows, items: await unpackList(items, turn) });
  return {
    entryIds: await unpackPending(message.entryIds, turn),
    seqs: message.seqs,
    searchable: message.searchable,
    uploadOf: message.uploadOf,
    uploadIds: await unpackList(message.uploadIds, turn),
    nested,
    columns,
  };
};
