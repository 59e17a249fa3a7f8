import { ApiClient } from '@oasis/client';
import { describe, expect, it } from 'vitest';
import { downloadQuery, downloadUrl } from './downloads.ts';
import {
  ALL_SELECTED,
  isSelected,
  selectionText,
  toggleSelected,
  type Selection,
} from '../../../components/table/selection.ts';

const api = new ApiClient({ apiBase: 'http://oasis.test/nomad-oasis/api/v1' });
const some = (...ids: string[]): Selection => ({ all: false, ids: new Set(ids) });

describe('downloads', () => {
  it('downloads the whole query when all are selected', () => {
    const query = { 'results.material.elements:all': ['Si'] };
    expect(downloadQuery(query, ALL_SELECTED)).toEqual(query);
    expect(downloadUrl(api, 'raw', 'visible', downloadQuery(query, ALL_SELECTED))).toBe(
      'http://oasis.test/nomad-oasis/api/v1/entries/raw?owner=visible&json_query=%7B%22results.material.elements%3Aall%22%3A%5B%22Si%22%5D%7D',
    );
  });

  it('restricts the query to the selected entries', () => {
    expect(downloadQuery({}, some('a', 'b'))).toEqual({ entry_id: { any: ['a', 'b'] } });
    expect(downloadQuery({ upload_id: 'u' }, some('a'))).toEqual({
      and: [{ upload_id: 'u' }, { entry_id: { any: ['a'] } }],
    });
    expect(downloadUrl(api, 'archive', 'public', downloadQuery({}, some('a')))).toBe(
      'http://oasis.test/nomad-oasis/api/v1/entries/archive/download?owner=public&json_query=%7B%22entry_id%22%3A%7B%22any%22%3A%5B%22a%22%5D%7D%7D',
    );
  });
});

describe('selection', () => {
  it('toggles ids and turns an all-selection into the shown rows minus one', () => {
    const one = toggleSelected(some(), 'a', ['a', 'b']);
    expect(isSelected(one, 'a')).toBe(true);
    expect(isSelected(toggleSelected(one, 'a', ['a', 'b']), 'a')).toBe(false);
    const allButB = toggleSelected(ALL_SELECTED, 'b', ['a', 'b', 'c']);
    expect(allButB).toEqual(some('a', 'c'));
    expect(selectionText(allButB)).toBe('2 selected');
    expect(selectionText(ALL_SELECTED)).toBe('All selected');
  });
});
