import type { MessagePort, Worker } from 'node:worker_threads';
import type { PartImage } from './build-part.ts';
import type { ColumnImage } from './column-image.ts';

/**
 * A list as JSON texts of up to ITEMS_PER_TEXT items. Moving a message between threads clones it, and
 * cloning millions of strings and objects is one uninterrupted task on the receiving thread (seconds at a
 * million entries); texts are copied, each in a message of its own (see sendPart), and parsed in steps.
 */
type PackedList = string[];

const ITEMS_PER_TEXT = 1 << 14;

const packList = (list: readonly unknown[]): PackedList => {
  const texts: string[] = [];
  for (let from = 0; from < list.length; from += ITEMS_PER_TEXT)
    texts.push(JSON.stringify(list.slice(from, from + ITEMS_PER_TEXT)));
  return texts;
};

const unpackList = async <T>(texts: PackedList, turn: () => Promise<void>): Promise<T[]> => {
  const list: T[] = [];
  for (const text of texts) {
    for (const item of JSON.parse(text) as T[]) list.push(item);
    await turn();
  }
  return list;
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

/** The message for `postMessage`, and the buffers to move with it. */
export const packPart = (image: PartImage): { message: PartMessage; transfer: ArrayBuffer[] } => {
  const message: PartMessage = {
    entryIds: packList(image.entryIds),
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
      values: values && packList(values),
      single,
      counts,
      pool,
    })),
  };
  const transfer = [
    message.seqs.buffer,
    message.searchable.buffer,
    message.uploadOf.buffer,
    ...message.nested.map((nested) => nested.rows.buffer),
    ...message.columns.flatMap(({ single, counts, pool }) => [
      single.buffer,
      ...(counts ? [counts.buffer] : []),
      pool.buffer,
    ]),
  ];
  return { message, transfer };
};

/** The lists of a message in one fixed order, so that sender and receiver agree on it. */
const listsOf = (message: PartMessage): PackedList[] => [
  message.entryIds,
  message.uploadIds,
  ...message.nested.map((nested) => nested.items),
  ...message.columns.flatMap((column) => (column.values ? [column.values] : [])),
];

/**
 * Posts a share's image: every text of its lists as a message of its own (each a short task for the
 * receiver), then the rest, with the lists emptied, their lengths, and the typed arrays moved.
 */
export const sendPart = (port: MessagePort, image: PartImage): void => {
  const { message, transfer } = packPart(image);
  const lengths: number[] = [];
  for (const list of listsOf(message)) {
    for (const text of list) port.postMessage({ text });
    lengths.push(list.length);
    list.length = 0;
  }
  port.postMessage({ message, lengths }, transfer);
};

type Piece = { text: string } | { message: PartMessage; lengths: number[] };

/** Receives what sendPart posts: the image's message with its lists filled again. */
export const receivePart = (worker: Worker): Promise<PartMessage> =>
  new Promise((resolve, reject) => {
    const texts: string[] = [];
    worker.on('message', (piece: Piece) => {
      if ('text' in piece) {
        texts.push(piece.text);
        return;
      }
      let at = 0;
      listsOf(piece.message).forEach((list, i) => {
        const length = piece.lengths[i] ?? 0;
        for (let k = 0; k < length; k++) list.push(texts[at + k]!);
        at += length;
      });
      resolve(piece.message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`an index build worker ended (exit code ${code})`)));
  });

/** The image again, its lists parsed in steps. */
export const unpackPart = async (message: PartMessage, turn: () => Promise<void>): Promise<PartImage> => {
  const columns: ColumnImage[] = [];
  for (const { values, single, counts, pool } of message.columns)
    columns.push({ values: values && (await unpackList(values, turn)), single, counts, pool });
  const nested: PartImage['nested'] = [];
  for (const { section, rows, items } of message.nested)
    nested.push({ section, rows, items: await unpackList(items, turn) });
  return {
    entryIds: await unpackList(message.entryIds, turn),
    seqs: message.seqs,
    searchable: message.searchable,
    uploadOf: message.uploadOf,
    uploadIds: await unpackList(message.uploadIds, turn),
    nested,
    columns,
  };
};
