import { describe, expect, it } from 'vitest';
import { accessText } from './access.ts';

const me = 'u-me';
const row = (extra: Record<string, unknown>) => ({
  main_author: { user_id: 'u-main' },
  writers: [{ user_id: 'u-main' }, { user_id: 'u-co' }],
  viewers: [{ user_id: 'u-main' }, { user_id: 'u-co' }, { user_id: 'u-rev' }],
  ...extra,
});

describe('accessText', () => {
  it('published without embargo is open to everyone', () => {
    expect(accessText(row({ published: true, with_embargo: false }), undefined)).toBe(
      'Published and accessible by everyone',
    );
  });

  it('embargoed data depends on the role of the current user', () => {
    const embargo = row({ published: true, with_embargo: true });
    expect(accessText(embargo, 'u-main')).toBe(
      'Published with embargo by you and only accessible by you, coauthors and reviewers',
    );
    expect(accessText(embargo, 'u-co')).toBe('Published with embargo and accessible by you as a coauthor');
    expect(accessText(embargo, 'u-rev')).toBe('Published with embargo and accessible by you as a reviewer');
    expect(accessText(embargo, me)).toBe('Published with embargo and not accessible by you');
    expect(accessText(embargo, undefined)).toBe(
      'Published with embargo and might become accessible after login',
    );
  });

  it('unpublished data depends on the role and on sharing with everyone', () => {
    const staging = row({ published: false });
    expect(accessText(staging, 'u-main')).toBe('Unpublished, accessible only by you');
    expect(accessText(staging, 'u-co')).toBe('Unpublished, accessible by you as a coauthor');
    expect(accessText(staging, 'u-rev')).toBe('Unpublished, accessible by you as a reviewer');
    expect(accessText(staging, me)).toBe('Unpublished');
    expect(accessText(row({ published: false, viewer_groups: ['all'] }), me)).toBe(
      'Unpublished but accessible by everyone',
    );
    expect(accessText({}, me)).toBe('Upload status not available');
  });
});
