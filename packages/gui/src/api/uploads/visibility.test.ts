import { describe, expect, it } from 'vitest';
import { uploadVisibility, type Caller, type VisibilityUpload } from './visibility.ts';

const base: VisibilityUpload = {
  main_author: 'main',
  writers: ['main'],
  published: false,
  with_embargo: false,
};
const embargoed = { ...base, published: true, with_embargo: true };
const shared = {
  coauthors: ['co'],
  reviewers: ['rev'],
  writers: ['main', 'co'],
  viewers: ['main', 'co', 'rev'],
};
const main: Caller = { sub: 'main' };
const stranger: Caller = { sub: 'stranger' };

// All twelve tooltips of spec 3 §2, each with the inputs that lead to it.
const cases: [string, VisibilityUpload | undefined, Caller | undefined, string][] = [
  ['published', { ...base, published: true }, undefined, 'Published and accessible by everyone'],
  [
    'embargo, main author',
    embargoed,
    main,
    'Published with embargo by you and only accessible by you, coauthors and reviewers',
  ],
  [
    'embargo, coauthor',
    { ...embargoed, ...shared },
    { sub: 'co' },
    'Published with embargo and accessible by you as a coauthor',
  ],
  [
    'embargo, coauthor through a group',
    { ...embargoed, coauthor_groups: ['g1'], writer_groups: ['g1'] },
    { sub: 'x', groups: ['g1'] },
    'Published with embargo and accessible by you as a coauthor',
  ],
  [
    'embargo, reviewer',
    { ...embargoed, ...shared },
    { sub: 'rev' },
    'Published with embargo and accessible by you as a reviewer',
  ],
  [
    'embargo, reviewer through a group',
    { ...embargoed, reviewer_groups: ['g2'] },
    { sub: 'x', groups: ['g2'] },
    'Published with embargo and accessible by you as a reviewer',
  ],
  [
    'embargo, someone else',
    { ...embargoed, ...shared },
    stranger,
    'Published with embargo and not accessible by you',
  ],
  [
    'embargo, anonymous',
    embargoed,
    undefined,
    'Published with embargo and might become accessible after login',
  ],
  [
    'unpublished, visible to all',
    { ...base, reviewer_groups: ['all'] },
    undefined,
    'Unpublished but accessible by everyone',
  ],
  [
    'unpublished, visible to all via viewer groups, main author',
    { ...base, viewer_groups: ['all'] },
    main,
    'Unpublished but accessible by everyone',
  ],
  ['unpublished, main author', base, main, 'Unpublished, accessible only by you'],
  [
    'unpublished, coauthor',
    { ...base, ...shared },
    { sub: 'co' },
    'Unpublished, accessible by you as a coauthor',
  ],
  [
    'unpublished, reviewer',
    { ...base, ...shared },
    { sub: 'rev' },
    'Unpublished, accessible by you as a reviewer',
  ],
  ['unpublished, someone else', { ...base, ...shared }, stranger, 'Unpublished'],
  ['unpublished, anonymous', base, undefined, 'Unpublished'],
  ['unknown upload', undefined, main, 'Upload status not available'],
];

describe('uploadVisibility', () => {
  it.each(cases)('%s', (_name, upload, caller, tooltip) => {
    expect(uploadVisibility(upload, caller).tooltip).toBe(tooltip);
  });

  it('covers all twelve tooltips', () => {
    expect(new Set(cases.map(([, , , tooltip]) => tooltip)).size).toBe(12);
  });

  it('picks icons: public, hidden under embargo, shared or private', () => {
    expect(uploadVisibility({ ...base, published: true }, undefined)).toMatchObject({
      kind: 'published',
      color: 'primary',
    });
    expect(uploadVisibility(embargoed, stranger)).toMatchObject({ kind: 'hidden', color: 'error' });
    expect(uploadVisibility({ ...base, ...shared }, main).kind).toBe('shared');
    expect(uploadVisibility(base, main).kind).toBe('private');
    expect(uploadVisibility({ ...base, reviewer_groups: ['all'] }, main).kind).toBe('everyone');
  });
});
