import { describe, expect, it } from 'vitest';
import { buildDefinitions } from './definitions.ts';
import { encodeCustomRow } from './customQuantities.ts';
import { createInOrder } from './ordering.ts';
import { buildApiQuery } from './query.ts';
import {
  aggregationSignature,
  aggregationsOnlyRequest,
  pageRequest,
  requestAggregation,
} from './requests.ts';
import { testArtifacts } from './testDefinitions.ts';

const app = { label: 'Entries', path: 'entries', resource: 'entries' as const, category: 'All' };
const definitions = buildDefinitions(app, testArtifacts);
const pagination = { order_by: 'upload_create_time', order: 'desc' as const, page_size: 20 };

describe('search requests', () => {
  it('builds NOMAD queries: modes, ranges, nested sections and locks', () => {
    const query = buildApiQuery(
      {
        'results.material.elements': ['Si', 'O'],
        'results.method.simulation.program_name': ['VASP'],
        'results.material.n_elements': { gte: 2, lte: 3 },
        'results.properties.electronic.band_structure_electronic.band_gap.value': { gt: 0 },
      },
      {},
      definitions,
    );
    expect(query).toEqual({
      'results.material.elements:all': ['Si', 'O'],
      'results.method.simulation.program_name:any': ['VASP'],
      'results.material.n_elements': { gte: 2, lte: 3 },
      'results.properties.electronic.band_structure_electronic.band_gap': { value: { gt: 0 } },
    });
    expect(buildApiQuery({}, { 'results.method.method_name': ['EELS'] }, definitions)).toEqual({
      and: [{}, { 'results.method.method_name:any': ['EELS'] }],
    });
  });

  it("groups the quantities of the app's nested_object items under their section", () => {
    const nested = buildDefinitions(
      {
        ...app,
        menu: { type: 'menu', items: [{ type: 'nested_object', path: 'results.material', items: [] }] },
      },
      testArtifacts,
    );
    expect(buildApiQuery({ 'results.material.n_elements': { gte: 2 } }, {}, nested)).toEqual({
      'results.material': { n_elements: { gte: 2 } },
    });
  });

  it('and-s custom quantity rows on the search_quantities section', () => {
    const row = encodeCustomRow({ id: 'data.x#schema', operator: 'gte', value: 2, field: 'float_value' });
    expect(buildApiQuery({ custom_quantities: [row] }, {}, definitions)).toEqual({
      and: [{ search_quantities: { id: 'data.x#schema', float_value: { gte: 2 } } }],
    });
  });

  it('excludes the own filter only for exclusive quantities', () => {
    const terms = (quantity: string) => ({ terms: { quantity, size: 5 } });
    expect(requestAggregation(terms('results.method.simulation.program_name'), definitions)).toEqual({
      terms: { quantity: 'results.method.simulation.program_name', size: 5, exclude_from_search: true },
    });
    expect(requestAggregation(terms('results.material.elements'), definitions)).toEqual({
      terms: { quantity: 'results.material.elements', size: 5, exclude_from_search: false },
    });
  });

  it('keeps an exclusive aggregation unchanged when only its own filter changes', () => {
    const aggregation = { terms: { quantity: 'results.method.simulation.program_name' } };
    const state = (filters: Record<string, readonly string[]>) => ({
      owner: 'public' as const,
      filters,
      locked: {},
      definitions,
    });
    const none = aggregationSignature(aggregation, state({}));
    expect(
      aggregationSignature(aggregation, state({ 'results.method.simulation.program_name': ['VASP'] })),
    ).toBe(none);
    expect(aggregationSignature(aggregation, state({ 'results.material.elements': ['Si'] }))).not.toBe(none);
    const elements = { terms: { quantity: 'results.material.elements' } };
    expect(aggregationSignature(elements, state({ 'results.material.elements': ['Si'] }))).not.toBe(
      aggregationSignature(elements, state({})),
    );
  });

  it('asks for aggregations alone with page size 0', () => {
    const parts = {
      resource: 'entries' as const,
      owner: 'visible' as const,
      query: {},
      aggregations: { a: { terms: { quantity: 'published' } } },
      definitions,
    };
    expect(aggregationsOnlyRequest(parts)).toMatchObject({ pagination: { page_size: 0 } });
    expect(pageRequest(parts, pagination, 'next')).toEqual({
      owner: 'visible',
      query: {},
      aggregations: { a: { terms: { quantity: 'published', exclude_from_search: true } } },
      pagination: { ...pagination, page_after_value: 'next' },
      required: { exclude: ['quantities', 'sections', 'files'] },
    });
    expect(pageRequest({ ...parts, resource: 'materials' }, pagination)).not.toHaveProperty('required');
  });

  it('names quantities for materials/query as NOMAD does: material ones relative, entry ones under entries', () => {
    const query = buildApiQuery(
      {
        'results.material.elements': ['Si'],
        'results.material.symmetry.crystal_system': ['cubic'],
        'results.method.simulation.program_name': ['VASP'],
        upload_create_time: { gte: '2024-01-01T00:00:00Z' },
      },
      { optimade_filter: ['nelements=1'] },
      definitions,
    );
    const parts = {
      resource: 'materials' as const,
      owner: 'visible' as const,
      query,
      aggregations: {
        'results.material.elements:default': { terms: { quantity: 'results.material.elements', size: 119 } },
        'results.method.simulation.program_name:scroll': {
          terms: { quantity: 'results.method.simulation.program_name', size: 5 },
        },
      },
      definitions,
    };
    const request = pageRequest(parts, { order_by: 'chemical_formula_hill', order: 'asc', page_size: 20 });
    expect(request.query).toEqual({
      and: [
        {
          'elements:all': ['Si'],
          'symmetry.crystal_system:any': ['cubic'],
          'entries.results.method.simulation.program_name:any': ['VASP'],
          'entries.upload_create_time': { gte: '2024-01-01T00:00:00Z' },
        },
        { optimade_filter: 'nelements=1' },
      ],
    });
    // The names of the aggregations are the keys of the answer: they stay the GUI's.
    expect(request.aggregations).toEqual({
      'results.material.elements:default': {
        terms: { quantity: 'elements', size: 119, exclude_from_search: false },
      },
      'results.method.simulation.program_name:scroll': {
        terms: {
          quantity: 'entries.results.method.simulation.program_name',
          size: 5,
          exclude_from_search: true,
        },
      },
    });
    expect(request.pagination?.order_by).toBe('chemical_formula_hill');
    expect(aggregationsOnlyRequest(parts).query).toEqual(request.query);
    // A nested_object menu on results.material groups its quantities under the material's root.
    expect(
      pageRequest({ ...parts, query: { 'results.material': { n_elements: { gte: 2 } } } }, pagination).query,
    ).toEqual({ n_elements: { gte: 2 } });
  });

  it('applies answers in request order', () => {
    const inOrder = createInOrder();
    const applied: number[] = [];
    const [a, b, c] = [inOrder.next(), inOrder.next(), inOrder.next()];
    inOrder.settle(c, () => applied.push(c));
    inOrder.settle(b, () => applied.push(b));
    expect(applied).toEqual([]);
    inOrder.settle(a, () => applied.push(a));
    expect(applied).toEqual([a, b, c]);
  });
});
