import { describe, expect, it } from 'vitest';
import {
  escapeSegment,
  indexedKey,
  laneUrl,
  parseIndexedKey,
  parseLanePath,
  resolveIndex,
  unescapeSegment,
} from './lanePath.ts';
import { isScrolledToEnd } from './texts.ts';

describe('lane paths', () => {
  it('escapes keys so that slashes, percent signs and spaces survive, keeping colons readable', () => {
    expect(escapeSegment('a/b c%.txt')).toBe('a%2Fb%20c%25.txt');
    expect(escapeSegment('figures:0')).toBe('figures:0');
    expect(unescapeSegment(escapeSegment('a/b c%?#.txt'))).toBe('a/b c%?#.txt');
  });

  it('keeps a malformed escape literally', () => {
    expect(unescapeSegment('100%')).toBe('100%');
  });

  it('splits the path below the base URL into unescaped keys', () => {
    const base = '/user/uploads/upload/id/u1/files';
    expect(parseLanePath(base, base)).toEqual([]);
    expect(parseLanePath(`${base}/`, `${base}/`)).toEqual([]);
    expect(parseLanePath(base, `${base}/dir%2Fwith%20slash/run:-1/x`)).toEqual([
      'dir/with slash',
      'run:-1',
      'x',
    ]);
    expect(parseLanePath(base, `${base}//a//b/`)).toEqual(['a', 'b']);
  });

  it('rejects paths outside the base URL, including siblings that share its prefix', () => {
    expect(parseLanePath('/a/files', '/a/filesX/b')).toBeUndefined();
    expect(parseLanePath('/a/files', '/b')).toBeUndefined();
  });

  it('builds lane URLs that parse back to the same keys', () => {
    const keys = ['sub dir', 'a/b', '50%', 'run:2'];
    const url = laneUrl('/base/', keys);
    expect(url).toBe('/base/sub%20dir/a%2Fb/50%25/run:2');
    expect(parseLanePath('/base', url)).toEqual(keys);
    expect(laneUrl('/base', [])).toBe('/base');
    expect(laneUrl('/', ['x'])).toBe('/x');
  });
});

describe('indexed keys', () => {
  it('parses name:index with positive and negative indexes', () => {
    expect(parseIndexedKey('run:0')).toEqual({ name: 'run', index: 0 });
    expect(parseIndexedKey('figures:-1')).toEqual({ name: 'figures', index: -1 });
    expect(parseIndexedKey('a:b:12')).toEqual({ name: 'a:b', index: 12 });
    expect(indexedKey('run', 3)).toBe('run:3');
  });

  it('treats keys without an integer index as plain names', () => {
    expect(parseIndexedKey('run')).toEqual({ name: 'run' });
    expect(parseIndexedKey('run:x')).toEqual({ name: 'run:x' });
    expect(parseIndexedKey('run:1.5')).toEqual({ name: 'run:1.5' });
    expect(parseIndexedKey(':3')).toEqual({ name: ':3' });
  });

  it('resolves negative indexes from the end and rejects out-of-range ones', () => {
    expect(resolveIndex(0, 3)).toBe(0);
    expect(resolveIndex(2, 3)).toBe(2);
    expect(resolveIndex(-1, 3)).toBe(2);
    expect(resolveIndex(-3, 3)).toBe(0);
    expect(resolveIndex(-4, 3)).toBeUndefined();
    expect(resolveIndex(3, 3)).toBeUndefined();
    expect(resolveIndex(-1, 0)).toBeUndefined();
  });
});

describe('scroll to end', () => {
  it('triggers at 95 % of the scrollable height', () => {
    expect(isScrolledToEnd({ scrollTop: 850, clientHeight: 100, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 849, clientHeight: 100, scrollHeight: 1000 })).toBe(false);
  });
});
