import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../quantities.ts';
import { shareImage } from './build-part.ts';
import { restoreShares } from './parallel-build.ts';
import { mergeParts } from './part-merge.ts';
import { packPart, unpackPart } from './part-wire.ts';
import { ROW, SearchIndex } from './search-index.ts';

interface Doc {
  id: string;
  upload: string;
  seq: number;
  searchable: boolean;
  doc: Record<string, unknown>;
}

const ELEMENTS = ['H', 'C', 'N', 'O', 'Fe', 'Si', 'Ga', 'As'];

/** Entries with strings, lists, numbers, booleans, dates, free text and nested items, some without any. */
const docs = (n: number): Doc[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `entry-${i}`,
    upload: `upload-${i % 7}`,
    seq: i + 1,
    searchable: i % 11 !== 0,
    doc:
      i % 13 === 0
        ? {}
        : {
            mainfile: `calc-${i}/vasprun.xml`,
            entry_name: i % 5 === 0 ? `Only in share ${i % 3} number ${i}` : 'Common name',
            results: {
              material: {
                elements: ELEMENTS.filter((_, k) => (i >> k) % 2 === 1),
                n_elements: i % 6,
                structural_type: ['bulk', 'surface', '2D'][i % 3],
              },
              properties: {
                electronic: { band_gap: Array.from({ length: i % 3 }, (_, k) => ({ value: i * 1e-20 + k })) },
              },
            },
            processed: i % 2 === 0,
            entry_create_time: new Date(Date.UTC(2024, 0, 1) + i * 3600_000).toISOString(),
            ...(i % 4 === 0 ? { search_quantities: [{ id: 'data.x#float', float_value: i }] } : {}),
          },
  }));

/** What the index holds of an entry: every quantity's decoded values, searchability, upload, nested items. */
const describeEntry = (index: SearchIndex, id: string) => {
  const row = index.rowOf.get(id)!;
  const values = [...index.quantities.values()]
    .filter(({ scope }) => scope === 'entry')
    .map(({ quantity, column }) => [quantity.name, column.values(row).map((v) => column.decode(v))] as const)
    .filter(([, found]) => found.length > 0);
  const upload = [...index.uploadSlotOf].find(([, slot]) => slot === index.uploadOf[row])?.[0];
  const nested = [...index.nestedItems].map(([section, items]) => [section, items[row]]);
  return { values, searchable: index.searchable[row], upload, nested };
};

/** A share indexed as a worker does it: its own SearchIndex, then its image, then the message. */
const share = async (entries: readonly Doc[]) => {
  const index = new SearchIndex(entrySearchQuantities);
  const seqs = new Float64Array(entries.length + 1);
  for (const entry of entries) {
    index.putEntry(entry.id, entry.upload, entry.doc, entry.searchable);
    seqs[index.rowOf.get(entry.id)!] = entry.seq;
  }
  return packPart(await shareImage(index, seqs));
};

describe('merging the shares of a parallel build', () => {
  it('gives the index a build on one thread gives, whatever share an entry was in', async () => {
    const all = docs(400);
    const reference = new SearchIndex(entrySearchQuantities);
    for (const entry of all) reference.putEntry(entry.id, entry.upload, entry.doc, entry.searchable);
    const merged = new SearchIndex(entrySearchQuantities);
    const messages = await Promise.all([0, 1, 2].map((k) => share(all.filter((_, i) => i % 3 === k))));
    let turns = 0;
    await restoreShares(merged, messages, 500, async () => void turns++);
    expect(turns).toBeGreaterThan(0);
    expect(merged.rowOf.size).toBe(all.length);
    for (const entry of all)
      expect(describeEntry(merged, entry.id)).toEqual(describeEntry(reference, entry.id));
    // The same arrays as the one-thread build: Float32Arrays for dictionary codes, no counts where no lists.
    const shapes = (index: SearchIndex) =>
      [...index.quantities.values()].map(({ quantity, column }) => {
        const { single, counts, pool } = column.arrays();
        return [quantity.name, single.constructor.name, pool.constructor.name, counts !== undefined];
      });
    expect(shapes(merged)).toEqual(shapes(reference));
    expect(shapes(merged)).toContainEqual([
      'results.material.elements',
      'Float32Array',
      'Float32Array',
      true,
    ]);
    // Codes are shared across shares: a value of one share finds the rows of all.
    const names = merged.quantities.get('entry_name')!.column;
    const common = names.lookup('Common name');
    const rows = [...merged.entryIds].filter((_, row) => names.some(row, (value) => value === common));
    expect(rows.length).toBe(all.filter((e, i) => i % 13 !== 0 && i % 5 !== 0).length);
  });

  it('gives the event loop a chance to turn every thousand dictionary values merged', async () => {
    /** The turns a merge of two shares of 8,000 entries offers, their names given by `name`. */
    const mergeTurns = async (name: (i: number) => string) => {
      const named = Array.from({ length: 16_000 }, (_, i) => ({
        id: `entry-${i}`,
        upload: 'upload-0',
        seq: i + 1,
        searchable: true,
        doc: { entry_name: name(i) },
      }));
      const parts = [];
      for (const entries of [named.slice(0, 8_000), named.slice(8_000)])
        parts.push(await unpackPart(await share(entries), () => Promise.resolve()));
      let turns = 0;
      const { image } = await mergeParts(parts, 0, async () => void turns++);
      expect(image.entryIds.remaining).toBe(16_000);
      return turns;
    };
    const one = await mergeTurns(() => 'common');
    const distinct = await mergeTurns((i) => `n${i}`);
    // 8,000 names more indexed (the first share's) and 8,000 more coded (the second's), in steps of 1,024
    // at most: steps of 4,096 held the loop for 40-60 ms at a million entries.
    expect(distinct - one).toBeGreaterThanOrEqual(2 * Math.floor(8_000 / 1_024));
  });

  it("packs a share's nested items a thousand to a text, so that each parses in a short step", async () => {
    const message = await share(docs(12_000));
    const items = message.nested.reduce((n, { rows }) => n + rows.length, 0);
    const texts = message.nested.reduce((n, nested) => n + nested.items.length, 0);
    expect(items).toBeGreaterThan(1_024);
    expect(texts).toBeGreaterThanOrEqual(items / 1_024);
    expect(texts).toBeGreaterThan(message.nested.length);
  });

  it('keeps the later version of an entry two shares read (it changed between their reads)', async () => {
    const [older, newer] = [docs(3), docs(3)];
    newer[1] = { ...older[1]!, seq: 9, doc: { results: { material: { elements: ['Pb'] } } } };
    const merged = new SearchIndex(entrySearchQuantities);
    const messages = [await share([older[0]!, newer[1]!]), await share([older[1]!, older[2]!])];
    await restoreShares(merged, messages, 0, () => Promise.resolve());
    const elements = merged.quantities.get('results.material.elements')!.column;
    const row = merged.rowOf.get('entry-1')!;
    expect(elements.values(row).map((v) => elements.decode(v))).toEqual(['Pb']);
    const stale = [...merged.entryIds].findIndex((id, at) => id === 'entry-1' && at !== row);
    expect(stale).toBeGreaterThanOrEqual(0);
    expect(merged.searchable[stale]).toBe(ROW.dropped);
    expect(elements.values(stale)).toEqual([]);
    expect(merged.rowOf.size).toBe(3);
  });
});
