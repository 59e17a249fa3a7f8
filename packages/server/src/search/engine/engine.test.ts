import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../quantities.ts';
import { unlimitedBudget } from './budget.ts';
import { compileFilter } from './filter.ts';
import { autoDateHistogram, dateHistogram, histogram, minMax } from './histogram.ts';
import { selectPage } from './order.ts';
import { ROW, SearchIndex } from './search-index.ts';
import { termsBuckets } from './terms.ts';

const doc = (id: string, elements: string[], program: string, gap: number | undefined, time: string) => ({
  entry_id: id,
  results: {
    material: { elements, n_elements: elements.length },
    method: { simulation: { program_name: program } },
    properties: gap === undefined ? {} : { electronic: { band_gap: [{ value: gap * EV }] } },
  },
  upload_create_time: time,
});

/** Four entries in two uploads; the band gap of 'd' is listed twice (two spin channels). */
const build = () => {
  const index = new SearchIndex(entrySearchQuantities);
  index.putUpload(
    { upload_id: 'u1', published: true, with_embargo: false, main_author: 'x', members: new Set(['x']) },
    {
      upload_create_time: '2024-01-15T10:00:00+00:00',
      upload_name: 'first',
    },
  );
  index.putUpload(
    { upload_id: 'u2', published: true, with_embargo: false, main_author: 'y', members: new Set(['y']) },
    {
      upload_create_time: '2024-03-02T00:00:00+00:00',
      upload_name: 'second',
    },
  );
  const put = (id: string, upload: string, elements: string[], program: string, gap?: number) =>
    index.putEntry(id, upload, doc(id, elements, program, gap, ''), true);
  put('a', 'u1', ['O', 'Si'], 'VASP', 1.0);
  put('b', 'u1', ['Fe', 'O'], 'VASP', 0.0);
  put('c', 'u2', ['Fe'], 'exciting');
  index.putEntry(
    'd',
    'u2',
    {
      ...doc('d', ['Na', 'Cl'], 'VASP', undefined, ''),
      results: {
        material: { elements: ['Cl', 'Na'], n_elements: 2 },
        properties: { electronic: { band_gap: [{ value: 3 * EV }, { value: 3 * EV }] } },
      },
    },
    true,
  );
  const all = Int32Array.from([0, 1, 2, 3]);
  return { index, all, q: (name: string) => index.quantities.get(name)! };
};

describe('search engine', () => {
  it('filters with NOMAD list semantics: any, all, none, ranges', async () => {
    const { index, all } = build();
    const budget = unlimitedBudget();
    const ids = async (query: Parameters<typeof compileFilter>[1]) =>
      Array.from(await (await compileFilter(index, query, budget))(all, budget), (row) =>
        index.entryIds.at(row),
      );
    const elements = 'results.material.elements';
    expect(await ids({ kind: 'match', quantity: elements, op: 'any', values: ['Fe', 'Cl'] })).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(await ids({ kind: 'match', quantity: elements, op: 'all', values: ['Fe', 'O'] })).toEqual(['b']);
    expect(await ids({ kind: 'match', quantity: elements, op: 'none', values: ['O'] })).toEqual(['c', 'd']);
    expect(await ids({ kind: 'match', quantity: elements, op: 'eq', values: ['Xe'] })).toEqual([]);
    expect(
      await ids({
        kind: 'range',
        quantity: 'results.properties.electronic.band_gap.value',
        bounds: { gt: 0, lte: 2 * EV },
      }),
    ).toEqual(['a']);
    // Upload-level quantities are read through the entry's upload.
    expect(
      await ids({ kind: 'range', quantity: 'upload_create_time', bounds: { gte: '2024-02-01T00:00:00Z' } }),
    ).toEqual(['c', 'd']);
    expect(
      await ids({
        kind: 'not',
        item: { kind: 'match', quantity: 'upload_name', op: 'eq', values: ['first'] },
      }),
    ).toEqual(['c', 'd']);
  });

  it('counts terms once per entry, most frequent first, with include and value pagination', async () => {
    const { index, all, q } = build();
    const elements = q('results.material.elements');
    const counts = await termsBuckets(
      index,
      elements,
      all,
      { quantity: elements.quantity.name, size: 3 },
      unlimitedBudget(),
    );
    expect(counts.buckets.map((b) => [b.value, b.count])).toEqual([
      ['Fe', 2],
      ['O', 2],
      ['Cl', 1],
    ]);
    const included = await termsBuckets(
      index,
      elements,
      all,
      { quantity: 'x', include: ['Na', 'Si', 'Xe'] },
      unlimitedBudget(),
    );
    expect(included.buckets.map((b) => b.value)).toEqual(['Na', 'Si']);
    const first = await termsBuckets(
      index,
      elements,
      all,
      { quantity: 'x', pagination: { page_size: 2 } },
      unlimitedBudget(),
    );
    expect(first.buckets.map((b) => b.value)).toEqual(['Cl', 'Fe']);
    expect(first.nextPageAfterValue).toBe('Fe');
    const second = await termsBuckets(
      index,
      elements,
      all,
      {
        quantity: 'x',
        pagination: { page_size: 2, page_after_value: 'Fe' },
      },
      unlimitedBudget(),
    );
    expect(second.buckets.map((b) => b.value)).toEqual(['Na', 'O']);
  });

  it('builds histograms as NOMAD: bucket count -> interval and offset from the smallest value', async () => {
    const { index, all, q } = build();
    const gap = q('results.properties.electronic.band_gap.value');
    const result = await histogram(index, gap, all, { buckets: 3 }, unlimitedBudget());
    expect(result.offset).toBe(0);
    // (3 eV - 0) / 3, widened by 1e-12 so that 3 eV lands in the last of the three buckets.
    expect(result.interval).toBeCloseTo(EV * (1 + 1e-12), 30);
    // 0 and 1 eV share the first bucket: the widened interval is a hair above 1 eV.
    expect(result.data.map((b) => b.count)).toEqual([2, 0, 1]);
    // With an interval: multiples of it, empty buckets included, no offset echoed.
    const n = await histogram(
      index,
      q('results.material.n_elements'),
      all,
      { interval: 1 },
      unlimitedBudget(),
    );
    expect(n).toEqual({
      interval: 1,
      data: [
        { value: 1, count: 1, nested_count: 1 },
        { value: 2, count: 3, nested_count: 3 },
      ],
    });
    // One distinct value: one bucket at it, no interval.
    const single = await histogram(index, gap, Int32Array.from([3]), { buckets: 30 }, unlimitedBudget());
    expect(single).toEqual({ offset: 3 * EV, data: [{ value: 3 * EV, count: 1, nested_count: 1 }] });
    expect(await histogram(index, gap, Int32Array.from([2]), { buckets: 30 }, unlimitedBudget())).toEqual({
      data: [],
    });
    expect(await minMax(index, gap, all, unlimitedBudget())).toEqual([0, 3 * EV]);
  });

  it('buckets dates by calendar month and picks an automatic interval', async () => {
    const { index, all, q } = build();
    const time = q('upload_create_time');
    expect(
      (await dateHistogram(index, time, all, '1M', unlimitedBudget())).map((b) => [
        new Date(b.value).toISOString().slice(0, 7),
        b.count,
      ]),
    ).toEqual([
      ['2024-01', 2],
      ['2024-02', 0],
      ['2024-03', 2],
    ]);
    const auto = await autoDateHistogram(index, time, all, 10, unlimitedBudget());
    expect(auto.interval).toBe('7d');
    expect(auto.data.reduce((sum, b) => sum + b.count, 0)).toBe(4);
  });

  it('pages by key then entry id, with cursors continuing where the last page ended', async () => {
    const { index, all, q } = build();
    const orderBy = q('upload_create_time');
    const first = await selectPage(
      index,
      all,
      { orderBy, descending: true, size: 3, offset: 0 },
      unlimitedBudget(),
    );
    expect(first.rows.map((row) => index.entryIds.at(row))).toEqual(['d', 'c', 'b']);
    const cursor = `${first.keys[2]}:${index.entryIds.at(first.rows[2]!)}`;
    const next = await selectPage(
      index,
      all,
      { orderBy, descending: true, size: 3, offset: 0, after: cursor },
      unlimitedBudget(),
    );
    expect(next.rows.map((row) => index.entryIds.at(row))).toEqual(['a']);
    const byPage = await selectPage(
      index,
      all,
      { orderBy, descending: false, size: 2, offset: 2 },
      unlimitedBudget(),
    );
    expect(byPage.rows.map((row) => index.entryIds.at(row))).toEqual(['c', 'd']);
    // Entries without a band gap come last in both directions.
    const gaps = await selectPage(
      index,
      all,
      {
        orderBy: q('results.properties.electronic.band_gap.value'),
        descending: true,
        size: 4,
        offset: 0,
      },
      unlimitedBudget(),
    );
    expect(gaps.rows.map((row) => index.entryIds.at(row))).toEqual(['d', 'a', 'b', 'c']);
  });

  it("replaces an entry's values when it is stored again and forgets removed entries", async () => {
    const { index, all } = build();
    index.putEntry('a', 'u1', doc('a', ['Xe'], 'Quantum ESPRESSO', undefined, ''), true);
    const xe = await compileFilter(
      index,
      {
        kind: 'match',
        quantity: 'results.material.elements',
        op: 'eq',
        values: ['Xe'],
      },
      unlimitedBudget(),
    );
    const gap = await compileFilter(
      index,
      {
        kind: 'exists',
        quantity: 'results.properties.electronic.band_gap.value',
        known: true,
      },
      unlimitedBudget(),
    );
    expect(Array.from(await xe(all, unlimitedBudget()))).toEqual([0]);
    expect(Array.from(await gap(all, unlimitedBudget()), (row) => index.entryIds.at(row))).toEqual([
      'b',
      'd',
    ]);
    index.removeEntry('b');
    expect(index.searchable[1]).toBe(ROW.dropped);
  });

  it('reads an older alias where the document keeps the value now', async () => {
    const index = new SearchIndex(entrySearchQuantities);
    const u = 4 * EV;
    index.putEntry(
      'h',
      'u1',
      { results: { method: { simulation: { dft: { hubbard_kanamori_model: [{ u_effective: u }] } } } } },
      true,
    );
    const filter = await compileFilter(
      index,
      {
        kind: 'range',
        quantity: 'results.method.simulation.dft.hubbard_model.u_effective',
        bounds: { gte: 3 * EV },
      },
      unlimitedBudget(),
    );
    expect(Array.from(await filter(Int32Array.of(0), unlimitedBudget()))).toEqual([0]);
  });
});
