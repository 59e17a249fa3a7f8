import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../quantities.ts';
import { Column } from './column.ts';
import { captureRows, layoutFingerprint, restoreIndex } from './index-image.ts';
import { SearchIndex } from './search-index.ts';
import { openSnapshot } from './snapshot-read.ts';
import { writeSnapshotFile } from './snapshot-write.ts';

const ELEMENTS = ['H', 'C', 'N', 'O', 'Fe', 'Si'];

/** Entries with lists of elements, one structural type each, numbers, and names past a small threshold. */
const indexOf = (n: number, narrowNames: number) => {
  const index = new SearchIndex(entrySearchQuantities);
  // Entry names' codes fit Float32Arrays up to `narrowNames` values only (FLOAT32_CODES, made small).
  index.quantities.get('entry_name')!.column = new Column('string', narrowNames);
  for (let i = 0; i < n; i++)
    index.putEntry(
      `e-${i}`,
      `up-${i % 3}`,
      {
        entry_name: `name ${i}`,
        results: {
          material: {
            elements: ELEMENTS.filter((_, k) => (i >> k) % 2 === 1),
            structural_type: ['bulk', 'surface'][i % 2],
            n_elements: i % 6,
          },
        },
      },
      true,
    );
  return index;
};

const contents = (index: SearchIndex) =>
  [...index.entryIds].map((id) => {
    const row = index.rowOf.get(id)!;
    return [...index.quantities.values()]
      .filter(({ scope }) => scope === 'entry')
      .map(({ quantity, column }) => [quantity.name, column.values(row).map((v) => column.decode(v))]);
  });

describe("a snapshot keeps each column's element width", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-snapshot-columns-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes the index's snapshot to `name` and reads its image back, offering turns through `turn`. */
  const imageThrough = async (index: SearchIndex, name: string, turn?: () => Promise<void>) => {
    const file = path.join(dir, name);
    const about = { fingerprint: layoutFingerprint(index), token: 't', change: '1', floor: '0' };
    await writeSnapshotFile(file, about, captureRows(index), index);
    const snapshot = await openSnapshot(file);
    const layout = {
      scopes: [...index.quantities.values()].map((q) => q.scope),
      sections: [...index.nestedItems.keys()],
    };
    const image = await snapshot.readImage(layout, turn);
    await snapshot.close();
    return image;
  };

  it('round-trips Float32 codes, and codes widened past them, to the same values', async () => {
    const index = indexOf(40, 8);
    const column = (from: SearchIndex, name: string) => from.quantities.get(name)!.column.arrays();
    expect(column(index, 'results.material.structural_type').single).toBeInstanceOf(Float32Array);
    expect(column(index, 'results.material.elements').pool).toBeInstanceOf(Float32Array);
    expect(column(index, 'entry_name').single).toBeInstanceOf(Float64Array);
    expect(column(index, 'results.material.n_elements').single).toBeInstanceOf(Float64Array);
    const image = await imageThrough(index, 'search-index.snapshot');
    const loaded = new SearchIndex(entrySearchQuantities);
    await restoreIndex(loaded, image);
    expect(contents(loaded)).toEqual(contents(index));
    expect(column(loaded, 'results.material.structural_type').single).toBeInstanceOf(Float32Array);
    expect(column(loaded, 'results.material.elements').pool).toBeInstanceOf(Float32Array);
    expect(column(loaded, 'entry_name').single).toBeInstanceOf(Float64Array);
    // Columns no row has several values in come back without counts and starts.
    expect(column(loaded, 'results.material.structural_type').counts).toBeUndefined();
    expect(column(loaded, 'results.material.elements').counts).toBeDefined();
    // The loaded index codes new values as before.
    loaded.putEntry('e-new', 'up-0', { results: { material: { elements: ['Fe', 'Au'] } } }, true);
    const row = loaded.rowOf.get('e-new')!;
    const elements = loaded.quantities.get('results.material.elements')!.column;
    expect(elements.values(row).map((v) => elements.decode(v))).toEqual(['Fe', 'Au']);
  });

  it("checks a snapshot's rows and pools in steps, offering the event loop turns", async () => {
    const index = indexOf(20_000, 8);
    let turns = 0;
    const image = await imageThrough(index, 'checked.snapshot', async () => void turns++);
    expect(image.uploadOf).toHaveLength(20_000);
    // The rows' uploads and the element lists' counts at least, each in two steps of 16,384: each checked
    // in one go at a million entries held the loop for 10-30 ms.
    expect(turns).toBeGreaterThanOrEqual(2 * Math.ceil(20_000 / (1 << 14)));
  });

  it("restores each row's upload and lists past one step of starts, and grows past the restored rows", async () => {
    // More rows than one step of the lists' starts (65,536 slots), and than the restored capacity after.
    const rows = 70_000;
    const index = indexOf(rows, 8);
    const image = await imageThrough(index, 'restored.snapshot');
    const loaded = new SearchIndex(entrySearchQuantities);
    await restoreIndex(loaded, image);
    // The pool holds the slots' values in order: each slot's values start where the previous one's end.
    const { counts, starts } = loaded.quantities.get('results.material.elements')!.column.arrays();
    let end = 0;
    let misplaced = 0;
    for (let slot = 0; slot < rows; slot++) {
      if (starts![slot] !== end) misplaced++;
      end += counts![slot]!;
    }
    expect(misplaced).toBe(0);
    for (let i = 0; i < 2000; i++) loaded.putEntry(`new-${i}`, `up-new-${i % 2}`, {}, true);
    const uploadIds = new Map([...loaded.uploadSlotOf].map(([uploadId, slot]) => [slot, uploadId]));
    const uploadOfEntry = (entryId: string) => uploadIds.get(loaded.uploadOf[loaded.rowOf.get(entryId)!]!);
    const elementsOf = (from: SearchIndex, entryId: string) => {
      const { column } = from.quantities.get('results.material.elements')!;
      return column.values(from.rowOf.get(entryId)!).map((v) => column.decode(v));
    };
    for (const i of [0, 1, 65_535, 65_536, 65_537, rows - 1]) {
      expect(uploadOfEntry(`e-${i}`)).toBe(`up-${i % 3}`);
      expect(elementsOf(loaded, `e-${i}`)).toEqual(elementsOf(index, `e-${i}`));
    }
    expect([uploadOfEntry('new-0'), uploadOfEntry('new-1999')]).toEqual(['up-new-0', 'up-new-1']);
    expect(loaded.rowCount).toBe(rows + 2000);
  });
});
