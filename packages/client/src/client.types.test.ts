import type { EntriesQueryResponse, EntryResponse, UploadResponse, UsersResponse } from '@oasis/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { ApiClient } from './client.ts';

// Type-level tests: `tsc -b` checks them (an `@ts-expect-error` line fails the build if it compiles).
// The calls sit in functions that are never run: only their types are under test.
const api = new ApiClient({ apiBase: 'http://oasis.test/api/v1' });
const typesOnly = (calls: () => void) => expectTypeOf(calls).toBeFunction();

describe('the typed API client', () => {
  it('answers with the response type of the operation row, without a type argument', () => {
    typesOnly(() => {
      expectTypeOf(api.call('entriesQuery', { body: {} })).resolves.toEqualTypeOf<EntriesQueryResponse>();
      expectTypeOf(
        api.call('entryById', { params: { entry_id: 'e' } }),
      ).resolves.toEqualTypeOf<EntryResponse>();
      expectTypeOf(api.call('uploadCreate')).resolves.toEqualTypeOf<UploadResponse>();
      expectTypeOf(
        api.call('usersFind', { query: { prefix: 'ja' } }),
      ).resolves.toEqualTypeOf<UsersResponse>();
    });
  });

  it('demands the path parameters the row declares', () => {
    typesOnly(() => {
      // @ts-expect-error entry_id is required
      void api.call('entryById', { params: {} });
      // @ts-expect-error the input is required when the operation has path parameters
      void api.call('entryById');
      // @ts-expect-error this operation has no path parameters
      void api.call('info', { params: { entry_id: 'e' } });
    });
  });

  it('types bodies and query parameters', () => {
    typesOnly(() => {
      // @ts-expect-error owner is one of the owner names, not any string
      void api.call('entriesQuery', { body: { owner: 'everybody' } });
      // @ts-expect-error roles is a list
      void api.call('uploadsList', { query: { roles: 'main_author' } });
      // @ts-expect-error GET operations have no body
      void api.call('uploadsList', { body: {} });
    });
  });

  it('keeps files out of call: they are links', () => {
    typesOnly(() => {
      // @ts-expect-error a zip is not JSON
      void api.call('entriesRawDownload', {});
      expectTypeOf(api.link('entriesRawDownload', { query: { owner: 'visible' } })).toEqualTypeOf<string>();
      // @ts-expect-error not an operation
      void api.call('entries/query', { body: {} });
    });
  });

  it('sends files only to the upload operations', () => {
    typesOnly(() => {
      const file = new Blob(['x']);
      expectTypeOf(
        api.upload('uploadRawPut', file, { params: { upload_id: 'u', path: '' } }),
      ).resolves.toHaveProperty('upload_id');
      // @ts-expect-error entries cannot be uploaded to
      void api.upload('entriesQuery', file, { body: {} });
    });
  });
});
