import type { QueryNode, RangeOp } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import type { SearchQuantity } from '../quantities.ts';
import { unlimitedBudget } from './budget.ts';
import { bitsOfRows, CodeBitmaps } from './code-bitmaps.ts';
import { compileFilter, freeTextScore } from './filter.ts';
import { FREE_TEXT, wordsOf } from './free-text.ts';
import { histogram } from './histogram.ts';
import { selectPage } from './order.ts';
import { ROW, SearchIndex } from './search-index.ts';
import { countTogether, termsBuckets } from './terms.ts';

/**
 * The column scans against a plain evaluation of the same documents: random entries (lists, repeated
 * numbers, upload-level values, entries stored again and removed) and random queries, terms, histograms
 * and pages; the index must answer each as the reference does.
 */

const QUANTITIES: SearchQuantity[] = [
  { name: 'elements', type: 'string', list: true },
  { name: 'program', type: 'string' },
  { name: 'gap.value', type: 'number', repeats: true },
  { name: 'n', type: 'number', integer: true },
  { name: 'upload_name', type: 'string' },
  { name: 'system', type: 'string' },
  { name: 'code', type: 'string' },
  { name: 'flag', type: 'boolean' },
  { name: 'upload_create_time', type: 'timestamp' },
];
const ELEMENTS = ['H', 'O', 'Fe', 'Si', 'Na', 'Cl'];
const PROGRAMS = ['VASP', 'exciting', 'FHI-aims'];
const GAPS = [0, 1, 1.5, 2, 3.25];

/** mulberry32: the same sequence on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Doc = Record<string, unknown>;
type Values = (string | number)[];

const world = (seed: number) => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const some = <T>(items: readonly T[], most: number): T[] =>
    Array.from({ length: Math.floor(next() * (most + 1)) }, () => pick(items));
  const index = new SearchIndex(QUANTITIES);
  const uploads = new Map<string, Doc>();
  for (let u = 0; u < 7; u++) {
    const doc: Doc = { upload_name: `upload ${u % 4}` };
    // Some uploads have no creation time: their rows sort last either way.
    // Uploads 1 and 6 were created at the same time: their rows order by entry id together.
    if (u !== 3) doc.upload_create_time = Date.UTC(2024, u % 5, 1 + (u === 6 ? 1 : u));
    uploads.set(`u${u}`, doc);
    index.putUpload(
      { upload_id: `u${u}`, published: true, with_embargo: false, main_author: 'x', members: new Set(['x']) },
      doc,
    );
  }
  const docs = new Map<string, { upload: string; doc: Doc }>();
  const entry = (): Doc => {
    const doc: Doc = { elements: some(ELEMENTS, 4), gap: some(GAPS, 3).map((value) => ({ value })) };
    if (next() < 0.8) doc.program = pick(PROGRAMS);
    if (next() < 0.7) doc.n = Math.floor(next() * 5);
    if (next() < 0.9) doc.system = pick(['cubic', 'hexagonal', 'monoclinic']);
    if (next() < 0.5) doc.code = `c${Math.floor(next() * 12)}`;
    if (next() < 0.8) doc.flag = next() < 0.5;
    return doc;
  };
  for (let i = 0; i < 400; i++) {
    const id = `e${String(i).padStart(3, '0')}`;
    const upload = `u${Math.floor(next() * 7)}`;
    const doc = entry();
    docs.set(id, { upload, doc });
    index.putEntry(id, upload, doc, true);
  }
  // Stored again (new pool space, old values unused) and removed.
  for (let i = 0; i < 60; i++) {
    const id = `e${String(Math.floor(next() * 400)).padStart(3, '0')}`;
    const known = docs.get(id);
    if (!known) continue;
    if (next() < 0.3) {
      index.removeEntry(id);
      docs.delete(id);
    } else {
      const doc = entry();
      docs.set(id, { upload: known.upload, doc });
      index.putEntry(id, known.upload, doc, true);
    }
  }
  const values = (row: number, quantity: string): Values => {
    const found = docs.get(index.entryIds.at(row));
    if (!found) return [];
    const source = quantity.startsWith('upload_') ? uploads.get(found.upload)! : found.doc;
    if (quantity === 'gap.value') return (found.doc.gap as { value: number }[]).map((item) => item.value);
    const value = source[quantity];
    if (value === undefined) return [];
    return Array.isArray(value) ? (value as Values) : [value as string | number];
  };
  /** Stores an entry again with new values, as a sync would. */
  const change = (id: string) => {
    const known = docs.get(id);
    if (!known) return;
    const doc = entry();
    docs.set(id, { upload: known.upload, doc });
    index.putEntry(id, known.upload, doc, true);
  };
  return { index, next, pick, values, change };
};

type World = ReturnType<typeof world>;

const randomQuery = ({ next, pick }: World, depth: number): QueryNode => {
  const leaf = (): QueryNode => {
    const kind = pick(['any', 'all', 'none', 'eq', 'range', 'exists', 'name'] as const);
    if (kind === 'range') {
      const quantity = pick(['gap.value', 'n', 'upload_create_time', 'program']);
      const bound = (): string | number =>
        quantity === 'gap.value'
          ? pick(GAPS)
          : quantity === 'n'
            ? Math.floor(next() * 5)
            : quantity === 'program'
              ? pick(PROGRAMS)
              : new Date(Date.UTC(2024, Math.floor(next() * 5), 3)).toISOString();
      const bounds: Partial<Record<RangeOp, string | number>> = {};
      for (const op of ['lt', 'lte', 'gt', 'gte'] as const) if (next() < 0.4) bounds[op] = bound();
      return { kind: 'range', quantity, bounds };
    }
    if (kind === 'exists')
      return { kind: 'exists', quantity: pick(['program', 'n', 'gap.value']), known: next() < 0.5 };
    if (kind === 'name')
      return {
        kind: 'match',
        quantity: 'upload_name',
        op: 'any',
        values: [`upload ${Math.floor(next() * 5)}`],
      };
    const [quantity, choices] = pick([
      ['elements', [...ELEMENTS, 'Xe']],
      ['program', PROGRAMS],
      ['gap.value', GAPS],
      ['n', [0, 1, 2, 3, 4]],
    ] as const);
    const values = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      pick(choices as readonly (string | number)[]),
    );
    return { kind: 'match', quantity, op: kind, values };
  };
  if (depth === 0 || next() < 0.35) return leaf();
  const kind = pick(['and', 'or', 'not'] as const);
  if (kind === 'not') return { kind, item: randomQuery({ next, pick } as World, depth - 1) };
  const items = Array.from({ length: Math.floor(next() * 4) }, () =>
    randomQuery({ next, pick } as World, depth - 1),
  );
  // A repeated item, as generated queries have.
  if (items.length > 0 && next() < 0.3) items.push(items[0]!);
  return { kind, items };
};

const asStored = (quantity: string, value: string | number): string | number =>
  quantity === 'upload_create_time' && typeof value === 'string' ? Date.parse(value) : value;

const reference = (w: World, node: QueryNode, row: number): boolean => {
  switch (node.kind) {
    case 'and':
      return node.items.every((item) => reference(w, item, row));
    case 'or':
      return node.items.some((item) => reference(w, item, row));
    case 'not':
      return !reference(w, node.item, row);
    case 'match': {
      const have = w.values(row, node.quantity);
      const wanted = node.values as (string | number)[];
      if (node.op === 'any') return wanted.some((value) => have.includes(value));
      if (node.op === 'none') return !wanted.some((value) => have.includes(value));
      return wanted.every((value) => have.includes(value));
    }
    case 'range': {
      const ops = {
        lt: (a: string | number, b: string | number) => a < b,
        lte: (a: string | number, b: string | number) => a <= b,
        gt: (a: string | number, b: string | number) => a > b,
        gte: (a: string | number, b: string | number) => a >= b,
      };
      return w
        .values(row, node.quantity)
        .some((value) =>
          Object.entries(node.bounds).every(([op, bound]) =>
            ops[op as RangeOp](value, asStored(node.quantity, bound as string | number)),
          ),
        );
    }
    case 'exists':
      return w.values(row, node.quantity).length > 0 === node.known;
    default:
      throw new Error(`no reference for ${node.kind}`);
  }
};

const liveRows = (index: SearchIndex) =>
  Int32Array.from({ length: index.rowCount }, (_, row) => row).filter(
    (row) => index.searchable[row] === ROW.searchable,
  );

describe('column scans', () => {
  it('select the rows a plain evaluation of the documents selects, for random queries', async () => {
    for (const seed of [1, 2, 3]) {
      const w = world(seed);
      // With code bitmaps and without; the bitmaps are kept from query to query while entries change.
      const bitmaps = new CodeBitmaps();
      for (let q = 0; q < 300; q++) {
        if (q % 25 === 24)
          for (let k = 0; k < 5; k++) w.change(`e${String(Math.floor(w.next() * 400)).padStart(3, '0')}`);
        const rows = liveRows(w.index);
        const node = randomQuery(w, 3);
        // A random subset as candidates: filters see candidates, not all rows.
        const candidates = q % 2 === 0 ? rows : rows.filter(() => w.next() < 0.6);
        const filter = await compileFilter(
          w.index,
          node,
          unlimitedBudget(),
          q % 3 === 0
            ? {}
            : q % 3 === 1
              ? { bitmaps }
              : { bitmaps, rowBits: (list: Int32Array) => bitsOfRows(list, w.index.rowCount) },
        );
        const got = Array.from(await filter(candidates, unlimitedBudget()));
        const expected = Array.from(candidates).filter((row) => reference(w, node, row));
        expect(got, JSON.stringify(node)).toEqual(expected);
      }
    }
  });

  it('count terms and histogram buckets as the documents do', async () => {
    const w = world(4);
    const rows = liveRows(w.index).filter(() => w.next() < 0.7);
    for (const quantity of ['elements', 'program', 'upload_name']) {
      const { buckets } = await termsBuckets(
        w.index,
        w.index.quantities.get(quantity)!,
        rows,
        { quantity, size: 20 },
        unlimitedBudget(),
      );
      const counts = new Map<string | number, number>();
      for (const row of rows)
        for (const value of new Set(w.values(row, quantity))) counts.set(value, (counts.get(value) ?? 0) + 1);
      const ranked = [...counts].sort((a, b) => b[1] - a[1] || (String(a[0]) < String(b[0]) ? -1 : 1));
      expect(buckets.map((bucket) => [bucket.value, bucket.count])).toEqual(ranked);
      // The first few: ties by value, the rest left out.
      const first = await termsBuckets(
        w.index,
        w.index.quantities.get(quantity)!,
        rows,
        { quantity, size: 3 },
        unlimitedBudget(),
      );
      expect(first.buckets.map((bucket) => [bucket.value, bucket.count])).toEqual(ranked.slice(0, 3));
      expect(first.total).toBe(ranked.length);
    }
    const gaps = await histogram(
      w.index,
      w.index.quantities.get('gap.value')!,
      rows,
      { interval: 1 },
      unlimitedBudget(),
    );
    const perBucket = new Map<number, number>();
    for (const row of rows)
      for (const bucket of new Set(w.values(row, 'gap.value').map((value) => Math.floor(Number(value)))))
        perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1);
    expect(
      gaps.data.filter((bucket) => bucket.count > 0).map((bucket) => [bucket.value, bucket.count]),
    ).toEqual([...perBucket].sort((a, b) => a[0] - b[0]));
  });

  it('count several columns together as each alone', async () => {
    const w = world(6);
    const rows = liveRows(w.index).filter(() => w.next() < 0.7);
    const names = ['program', 'system', 'elements', 'code', 'flag', 'upload_name', 'system', 'n'];
    const columns = names.map((name) => w.index.quantities.get(name)!);
    const together = await countTogether(columns, rows, unlimitedBudget());
    // Lists, upload-level and numeric columns are left to count alone.
    expect(together.map((counts) => counts !== undefined)).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    for (const [i, name] of names.entries()) {
      const counts = together[i];
      if (!counts) continue;
      const alone = await termsBuckets(
        w.index,
        columns[i]!,
        rows,
        { quantity: name, size: 50 },
        unlimitedBudget(),
      );
      const from = await termsBuckets(
        w.index,
        columns[i]!,
        rows,
        { quantity: name, size: 50 },
        unlimitedBudget(),
        undefined,
        counts,
      );
      expect(from.buckets, name).toEqual(alone.buckets);
      expect(alone.buckets.length, name).toBeGreaterThan(1);
    }
  });

  it('page by numbers and dates as a full sort does, with cursors', async () => {
    const w = world(5);
    const rows = liveRows(w.index);
    for (const [quantity, descending] of [
      ['gap.value', true],
      ['gap.value', false],
      ['upload_create_time', true],
      ['n', false],
    ] as const) {
      const key = (row: number) => {
        const values = w.values(row, quantity).map((value) => asStored(quantity, value) as number);
        return values.length === 0 ? undefined : descending ? Math.max(...values) : Math.min(...values);
      };
      const sign = descending ? -1 : 1;
      const sorted = Array.from(rows).sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) {
          if (x === undefined) return 1;
          if (y === undefined) return -1;
          return sign * (x - y);
        }
        return sign * w.index.entryIds.compareAt(a, b);
      });
      const orderBy = w.index.quantities.get(quantity)!;
      const request = { orderBy, descending, size: 25, offset: 0 };
      let after: string | undefined;
      const paged: number[] = [];
      for (let page = 0; page < 30 && paged.length < sorted.length; page++) {
        const { rows: got, keys } = await selectPage(
          w.index,
          rows,
          { ...request, ...(after ? { after } : {}) },
          unlimitedBudget(),
        );
        paged.push(...got);
        const last = got.length - 1;
        after = `${keys[last] ?? ''}:${w.index.entryIds.at(got[last]!)}`;
      }
      expect(paged, `${quantity} ${descending ? 'desc' : 'asc'}`).toEqual(sorted);
      const offset = await selectPage(w.index, rows, { ...request, offset: 40, size: 10 }, unlimitedBudget());
      expect(offset.rows).toEqual(sorted.slice(40, 50));
    }
  });
});

describe('free-text scores', () => {
  it('count the query words each entry has a word beginning with, past 32 words', async () => {
    const index = new SearchIndex([
      { name: FREE_TEXT, type: 'string' },
      { name: 'entry_name', type: 'string' },
    ]);
    const next = random(7);
    const syllables = ['si', 'fe', 'ox', 'relax', 'band', 'gap', 'o2', 'nacl', 'run', 'final'];
    const names: string[] = [];
    for (let i = 0; i < 200; i++) {
      const name = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
        syllables[Math.floor(next() * syllables.length)]!.concat(String(Math.floor(next() * 3))),
      ).join('_');
      names.push(name);
      index.putEntry(`e${i}`, 'u', { entry_name: name }, true);
    }
    // 40 words (two passes of 32 bits), some repeated: each counts.
    const query = Array.from({ length: 40 }, (_, i) =>
      syllables[i % syllables.length]!.slice(0, 1 + (i % 2)),
    );
    const node: QueryNode = { kind: 'match', quantity: FREE_TEXT, op: 'any', values: [query.join(' ')] };
    const rows = Int32Array.from(names, (_, row) => row);
    const scores = await (await freeTextScore(index, node, unlimitedBudget()))(rows, unlimitedBudget());
    const expected = names.map((name) => {
      const words = wordsOf(name);
      return query.filter((word) => words.some((own) => own.startsWith(word))).length;
    });
    expect(Array.from(scores)).toEqual(expected);
    // Words past the 32nd, counted in the second pass, matter to some rows.
    expect(
      names.some((name) => wordsOf(name).some((own) => query.slice(32).some((word) => own.startsWith(word)))),
    ).toBe(true);
  });
});

describe('pages by an upload-level date', () => {
  it('take every upload tied with the last one needed, and order their rows by entry id', async () => {
    const index = new SearchIndex(QUANTITIES);
    const access = (upload_id: string) => ({
      upload_id,
      published: true,
      with_embargo: false,
      main_author: 'x',
      members: new Set(['x']),
    });
    index.putUpload(access('a'), { upload_create_time: Date.UTC(2024, 5, 1) });
    index.putUpload(access('b'), { upload_create_time: Date.UTC(2024, 5, 1) });
    index.putUpload(access('older'), { upload_create_time: Date.UTC(2023, 0, 1) });
    for (const [id, upload] of [
      ['e1', 'a'],
      ['e3', 'a'],
      ['e5', 'a'],
      ['e0', 'older'],
      ['e2', 'b'],
      ['e4', 'b'],
      ['e6', 'b'],
    ])
      index.putEntry(id!, upload!, {}, true);
    const rows = Int32Array.from({ length: index.rowCount }, (_, row) => row);
    const orderBy = index.quantities.get('upload_create_time')!;
    const page = await selectPage(
      index,
      rows,
      { orderBy, descending: true, size: 2, offset: 0 },
      unlimitedBudget(),
    );
    expect(page.rows.map((row) => index.entryIds.at(row))).toEqual(['e6', 'e5']);
    const all = await selectPage(
      index,
      rows,
      { orderBy, descending: false, size: 7, offset: 0 },
      unlimitedBudget(),
    );
    expect(all.rows.map((row) => index.entryIds.at(row))).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
  });
});
