import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../auth/current-user.ts';
import { entrySearchQuantities } from '../quantities.ts';
import { VisibleRows } from './owner.ts';
import { SearchIndex, type UploadAccess } from './search-index.ts';

const user = (user_id: string, group_ids: string[] = []): CurrentUser => ({
  user_id,
  username: user_id,
  name: user_id,
  is_admin: false,
  group_ids,
});

const upload = (upload_id: string, published: boolean, extra: Partial<UploadAccess> = {}): UploadAccess => ({
  upload_id,
  published,
  with_embargo: false,
  main_author: 'x',
  members: new Set(['x']),
  ...extra,
});

describe('visible rows kept per owner and user', () => {
  it('are reused while the index is unchanged, per user and groups, and found again after a change', () => {
    const index = new SearchIndex(entrySearchQuantities);
    index.putUpload(upload('public', true), {});
    index.putUpload(upload('draft', false, { viewer_groups: ['g'] }), {});
    index.putEntry('a', 'public', {}, true);
    index.putEntry('b', 'draft', {}, true);
    index.putEntry('c', 'public', {}, false);
    const visible = new VisibleRows();
    const anonymous = visible.of(index, 'public', undefined);
    expect(Array.from(anonymous)).toEqual([0]);
    expect(visible.of(index, 'public', undefined)).toBe(anonymous);
    expect(Array.from(visible.of(index, 'visible', user('x')))).toEqual([0, 1]);
    expect(Array.from(visible.of(index, 'visible', user('y')))).toEqual([0]);
    expect(Array.from(visible.of(index, 'visible', user('y', ['g'])))).toEqual([0, 1]);
    // Publishing the draft and processing 'c' change what everyone sees.
    index.putUpload(upload('draft', true), {});
    index.putEntry('c', 'public', {}, true);
    expect(Array.from(visible.of(index, 'public', undefined))).toEqual([0, 1, 2]);
    expect(Array.from(visible.of(index, 'visible', user('y')))).toEqual([0, 1, 2]);
  });

  it('keep a few combinations, the ones used last', () => {
    const index = new SearchIndex(entrySearchQuantities);
    index.putUpload(upload('public', true), {});
    index.putEntry('a', 'public', {}, true);
    const visible = new VisibleRows();
    const first = visible.of(index, 'visible', user('u0'));
    for (let i = 1; i < 10; i++) visible.of(index, 'visible', user(`u${i}`));
    expect(visible.of(index, 'visible', user('u9'))).toBe(visible.of(index, 'visible', user('u9')));
    expect(visible.of(index, 'visible', user('u0'))).not.toBe(first);
  });
});
