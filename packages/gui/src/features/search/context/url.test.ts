import { describe, expect, it } from 'vitest';
import { buildDefinitions } from './definitions.ts';
import { testArtifacts } from './testDefinitions.ts';
import { formatSearch, parseSearch } from './url.ts';

const app = { label: 'Entries', path: 'entries', resource: 'entries' as const, category: 'All' };
const definitions = buildDefinitions(app, testArtifacts);

describe('search URL state', () => {
  it.each([
    '?results.material.elements=Si,O',
    '?results.material.n_elements[gte]=2&results.material.n_elements[lte]=4',
    '?published=true&visibility=user',
    '?upload_create_time[gt]=2024-01-01T00%3A00%3A00.000Z',
    '?results.method.simulation.program_name=VASP%2C%20old,exciting',
    '?results.properties.electronic.band_structure_electronic.band_gap.value[gte]=1.602e-19',
  ])('round-trips %s exactly', (search) => {
    const state = parseSearch(search, definitions);
    expect(formatSearch(state.filters, state.owner)).toBe(search);
    expect(parseSearch(formatSearch(state.filters, state.owner), definitions)).toEqual(state);
  });

  it('parses values in the type of their quantity', () => {
    const { filters, owner } = parseSearch(
      '?results.material.n_elements[gte]=2&published=TRUE&visibility=public&results.material.elements=Si',
      definitions,
    );
    expect(filters).toEqual({
      'results.material.n_elements': { gte: 2 },
      published: [true],
      'results.material.elements': ['Si'],
    });
    expect(owner).toBe('public');
  });

  it('ignores login leftovers, unknown quantities and values that do not parse', () => {
    const state = parseSearch(
      '?results.material.elements=Si&state=abc&iss=https%3A%2F%2Fidp&error=login_required&unknown=1&results.material.n_elements[gte]=x',
      definitions,
    );
    expect(state).toEqual({ filters: { 'results.material.elements': ['Si'] }, owner: undefined });
  });

  it('drops quantities the app excludes from its filters', () => {
    const restricted = buildDefinitions({ ...app, filters: { exclude: ['mainfile'] } }, testArtifacts);
    expect(parseSearch('?mainfile=a.out', definitions).filters).toEqual({ mainfile: ['a.out'] });
    expect(parseSearch('?mainfile=a.out', restricted).filters).toEqual({});
  });

  it('writes nothing for empty filters', () => {
    expect(formatSearch({ 'results.material.elements': [], published: {} })).toBe('');
  });
});
