import { describe, expect, it } from 'vitest';
import {
  ELEMENTS_QUANTITY,
  filtersFromSearch,
  queryFromFilters,
  searchFromFilters,
  toggleFilterValue,
} from './filters.ts';

describe('filters in the URL', () => {
  it('parses comma separated values', () => {
    expect(filtersFromSearch('?results.material.elements=Si,O')).toEqual({
      [ELEMENTS_QUANTITY]: ['Si', 'O'],
    });
  });

  it('round-trips the query string exactly', () => {
    for (const search of ['?results.material.elements=Si,O', '?results.material.elements=Fe', '']) {
      expect(searchFromFilters(filtersFromSearch(search))).toBe(search);
    }
    const filters = { [ELEMENTS_QUANTITY]: ['C', 'H', 'N'] };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('keeps a comma inside a value and decodes escapes', () => {
    const filters = { [ELEMENTS_QUANTITY]: ['a,b', 'c d'] };
    const search = searchFromFilters(filters);
    expect(search).toBe('?results.material.elements=a%2Cb,c%20d');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('drops login leftovers, unknown quantities and empty values', () => {
    expect(filtersFromSearch('?results.material.elements=Si,&state=abc&iss=http%3A%2F%2Fidp&foo=1')).toEqual({
      [ELEMENTS_QUANTITY]: ['Si'],
    });
    expect(filtersFromSearch('?results.material.elements=')).toEqual({});
  });

  it('builds the API query with query mode all for elements', () => {
    expect(queryFromFilters({ [ELEMENTS_QUANTITY]: ['Si', 'O'] })).toEqual({
      'results.material.elements': { all: ['Si', 'O'] },
    });
    expect(queryFromFilters({})).toEqual({});
  });

  it('toggles values and removes an emptied filter', () => {
    const one = toggleFilterValue({}, ELEMENTS_QUANTITY, 'Si');
    expect(one).toEqual({ [ELEMENTS_QUANTITY]: ['Si'] });
    const two = toggleFilterValue(one, ELEMENTS_QUANTITY, 'O');
    expect(two).toEqual({ [ELEMENTS_QUANTITY]: ['Si', 'O'] });
    expect(
      toggleFilterValue(toggleFilterValue(two, ELEMENTS_QUANTITY, 'Si'), ELEMENTS_QUANTITY, 'O'),
    ).toEqual({});
  });
});
