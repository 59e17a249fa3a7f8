import { describe, expect, it } from 'vitest';
import { sectionSelectRequest } from './sectionSelect.ts';

describe('the section-select filters', () => {
  const target = 'entry_id:abc.Instrument';
  const both = { published: true, unpublished: true };

  it('ask for the entries of the section, by whose they are', () => {
    expect(sectionSelectRequest(target, { owner: 'all', ...both }, 'me', 'u1')).toMatchObject({
      owner: 'visible',
      query: { 'section_defs.definition_qualified_name': target },
      pagination: { page_size: 20 },
    });
    expect(sectionSelectRequest(target, { owner: 'mine', ...both }, 'me', 'u1').owner).toBe('user');
    expect(sectionSelectRequest(target, { owner: 'others', ...both }, 'me', 'u1').query).toEqual({
      'section_defs.definition_qualified_name': target,
      'main_author:none': ['me'],
    });
    expect(sectionSelectRequest(target, { owner: 'upload', ...both }, 'me', 'u1').query).toMatchObject({
      upload_id: 'u1',
    });
  });

  it('filter by publication only when one of the two is chosen', () => {
    const only = (published: boolean, unpublished: boolean) =>
      sectionSelectRequest(target, { owner: 'all', published, unpublished }, 'me', 'u1').query.published;
    expect(only(true, true)).toBeUndefined();
    expect(only(true, false)).toBe(true);
    expect(only(false, true)).toBe(false);
  });
});
