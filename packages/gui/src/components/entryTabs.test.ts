import { describe, expect, it } from 'vitest';
import { entryBasePath, tabOfPath } from './entryTabs.ts';

describe('entry tabs', () => {
  it('maps paths to tabs', () => {
    expect(tabOfPath('')).toBe('overview');
    expect(tabOfPath('files/_mainfile')).toBe('files');
    expect(tabOfPath('data/results/material')).toBe('data');
    expect(tabOfPath('logs')).toBe('logs');
    expect(tabOfPath('overview')).toBe('redirect');
  });

  it('finds the base path also for encoded paths', () => {
    expect(entryBasePath('/search/entries/entry/id/abc', '')).toBe('/search/entries/entry/id/abc');
    expect(entryBasePath('/search/entries/entry/id/abc/', '')).toBe('/search/entries/entry/id/abc');
    expect(entryBasePath('/search/entries/entry/id/abc/files/_mainfile', 'files/_mainfile')).toBe(
      '/search/entries/entry/id/abc',
    );
    expect(entryBasePath('/x/entry/id/abc/data/a%20b', 'data/a b')).toBe('/x/entry/id/abc');
  });
});
