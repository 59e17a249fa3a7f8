import type { AppConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { queryApp, queryTags, storedQuery } from './queryValue.ts';

const taken = {
  owner: 'visible',
  apiQuery: { entry_type: { any: ['Anneal'] } },
  pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 100 },
  filters: { entry_type: ['Anneal'], 'results.material.n_elements': { gte: 2, lte: 3 } },
  results: [{ entry_id: 'e1', upload_id: 'u1', mainfile: 'hot.archive.yaml', entry_name: 'hot' }],
};

describe('a stored query', () => {
  it('keeps the search as NOMAD stores it, with its entries only when asked', () => {
    expect(storedQuery(taken, false)).toEqual({
      owner: 'visible',
      query: taken.apiQuery,
      pagination: taken.pagination,
      filters: taken.filters,
    });
    expect(storedQuery(taken, true).data).toEqual([
      { entry_id: 'e1', upload_id: 'u1', mainfile: 'hot.archive.yaml' },
    ]);
  });

  it('shows a tag per chosen value and per range', () => {
    expect(queryTags(storedQuery(taken, false))).toEqual([
      'entry_type:Anneal',
      'results.material.n_elements:gte 2, lte 3',
    ]);
    expect(queryTags(undefined)).toEqual([]);
    expect(queryTags('not a query')).toEqual([]);
  });

  it('searches with the notebook app, its few columns and no row extras', () => {
    const apps = [
      { label: 'Entries', path: 'entries', resource: 'entries', category: 'All' },
      {
        label: 'ELN',
        path: 'eln',
        resource: 'entries',
        category: 'Experiment',
        columns: [
          { search_quantity: 'entry_name', selected: false },
          { search_quantity: 'upload_create_time', selected: true },
        ],
        rows: { selection: { enabled: true }, actions: { enabled: true } },
      },
    ] as AppConfig[];
    const app = queryApp(apps, 50);
    expect(app?.path).toBe('eln');
    expect(app?.pagination?.page_size).toBe(50);
    expect(app?.columns?.map((column) => column.selected)).toEqual([true, false]);
    expect(app?.rows).toMatchObject({ details: { enabled: false }, actions: { enabled: false } });
    expect(queryApp(apps.slice(0, 1), 100)?.path).toBe('entries');
    expect(queryApp([], 100)).toBeUndefined();
  });
});
