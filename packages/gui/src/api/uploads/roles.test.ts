import { describe, expect, it } from 'vitest';
import { isEditable, isMainAuthor, isVisibleToAll, isWriter, uploadRole } from './roles.ts';

const upload = { main_author: 'main', writers: ['main', 'co'], published: false };

describe('upload roles', () => {
  it('knows writers and the main author', () => {
    expect(isWriter(upload, 'co')).toBe(true);
    expect(isWriter(upload, 'reviewer')).toBe(false);
    expect(isWriter(upload, undefined)).toBe(false);
    expect(isMainAuthor(upload, 'main')).toBe(true);
    expect(isMainAuthor(upload, 'co')).toBe(false);
  });

  it('allows editing only unpublished uploads', () => {
    expect(isEditable(upload, 'co')).toBe(true);
    expect(isEditable({ ...upload, published: true }, 'main')).toBe(false);
  });

  it('gives writing rights through coauthor groups, but never through "all"', () => {
    const grouped = { ...upload, writer_groups: ['g1', 'all'] };
    expect(isWriter(grouped, 'x', ['g1'])).toBe(true);
    expect(isWriter(grouped, 'x', ['all'])).toBe(false);
    expect(isEditable(grouped, 'x', ['g1'])).toBe(true);
  });

  it('names the strongest role', () => {
    const shared = { ...upload, reviewers: ['rev'], reviewer_groups: ['g2'] };
    expect(uploadRole(shared, 'main')).toBe('main_author');
    expect(uploadRole(shared, 'co')).toBe('coauthor');
    expect(uploadRole(shared, 'rev')).toBe('reviewer');
    expect(uploadRole(shared, 'x', ['g2'])).toBe('reviewer');
    expect(uploadRole(shared, 'x')).toBe('none');
    expect(uploadRole(shared, undefined)).toBe('none');
  });

  it('knows uploads visible to all', () => {
    expect(isVisibleToAll({ reviewer_groups: ['all'] })).toBe(true);
    expect(isVisibleToAll({ viewer_groups: ['all'] })).toBe(true);
    expect(isVisibleToAll({ reviewer_groups: ['g1'] })).toBe(false);
  });
});
