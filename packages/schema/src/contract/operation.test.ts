import { Type } from '@sinclair/typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { findOperation } from './lookup.ts';
import { defineOperation, fillPath, matchPath, type PathParamNames } from './operation.ts';
import { operations } from './operations.ts';

describe('path templates', () => {
  it('fills parameters, encoding each segment; a rest parameter keeps its slashes', () => {
    expect(fillPath('/entries/{entry_id}/archive/query', { entry_id: 'a/b c' })).toBe(
      'entries/a%2Fb%20c/archive/query',
    );
    expect(fillPath('/uploads/{upload_id}/raw/{*path}', { upload_id: 'u', path: 'dir/x y.txt' })).toBe(
      'uploads/u/raw/dir/x%20y.txt',
    );
    expect(fillPath('/uploads/{upload_id}/raw/{*path}', { upload_id: 'u', path: '' })).toBe('uploads/u/raw');
  });

  it("sends a rest value with '.' or '..' segments as one segment, which no URL parser resolves", () => {
    const filled = fillPath('/uploads/{upload_id}/raw/{*path}', { upload_id: 'u', path: '../../x' });
    expect(filled).toBe('uploads/u/raw/..%2F..%2Fx');
    expect(new URL(filled, 'http://oasis/api/v1/').pathname).toBe('/api/v1/uploads/u/raw/..%2F..%2Fx');
  });

  it('matches concrete paths, a rest parameter taking the remainder or nothing', () => {
    expect(matchPath('/uploads/{upload_id}/raw/{*path}', 'uploads/u/raw/a/b')).toEqual({
      upload_id: 'u',
      path: 'a/b',
    });
    expect(matchPath('/uploads/{upload_id}/raw/{*path}', 'uploads/u/raw')).toEqual({
      upload_id: 'u',
      path: '',
    });
    expect(matchPath('/uploads/{upload_id}', 'uploads/u/entries')).toBeUndefined();
    expect(matchPath('/uploads/{upload_id}/entries', 'uploads/u')).toBeUndefined();
  });

  it('finds the operation of a request, literal segments before parameters', () => {
    expect(findOperation('GET', 'entries/raw')?.name).toBe('entriesRawDownload');
    expect(findOperation('GET', 'entries/e1')).toEqual({ name: 'entryById', params: { entry_id: 'e1' } });
    expect(findOperation('post', 'entries/query')?.name).toBe('entriesQuery');
    expect(findOperation('PATCH', 'entries/query')).toBeUndefined();
  });
});

describe('the operation table', () => {
  it('declares every path parameter in its params schema, and only those', () => {
    for (const [name, operation] of Object.entries(operations)) {
      const inPath = [...operation.path.matchAll(/\{\*?(\w+)\}/g)].map((m) => m[1]);
      const declared = Object.keys(('params' in operation && operation.params?.properties) || {});
      expect(declared.sort(), name).toEqual(inPath.sort());
    }
  });

  it('lets bodies and queries be refused: every operation with one declares 422', () => {
    for (const [name, operation] of Object.entries(operations)) {
      if ('body' in operation || 'query' in operation) expect(operation.errors, name).toContain(422);
    }
  });

  it('names path parameters at the type level and refuses a row without them', () => {
    expectTypeOf<PathParamNames<'/uploads/{upload_id}/raw/{*path}'>>().toEqualTypeOf<'upload_id' | 'path'>();
    expectTypeOf<PathParamNames<'/info'>>().toEqualTypeOf<never>();
    const base = { method: 'GET', summary: 's', tag: 't', response: Type.String(), errors: [] } as const;
    defineOperation({
      ...base,
      path: '/things/{thing_id}',
      params: Type.Object({ thing_id: Type.String() }),
    });
    // @ts-expect-error the path names thing_id, the params schema does not
    defineOperation({ ...base, path: '/things/{thing_id}', params: Type.Object({ other: Type.String() }) });
    // @ts-expect-error a path parameter needs a params schema
    defineOperation({ ...base, path: '/things/{thing_id}' });
  });
});
