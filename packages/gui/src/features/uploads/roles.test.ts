import { describe, expect, it } from 'vitest';
import { isEditable, isMainAuthor, isWriter } from './roles.ts';

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
});
