import { describe, expect, it, vi } from 'vitest';
import { h5groveBase, h5groveFetcher, previewStartPath } from './h5grove.ts';

describe('the h5grove fetcher', () => {
  it('sits beside the API, where NOMAD mounts h5grove', () => {
    expect(h5groveBase('http://oasis/nomad-oasis')).toBe('http://oasis/nomad-oasis/h5grove');
    expect(h5groveBase('http://oasis/nomad-oasis/')).toBe('http://oasis/nomad-oasis/h5grove');
  });

  it('adds the upload and source to h5web’s parameters and sends the bearer token', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
    const fetcher = h5groveFetcher({ uploadId: 'u1', accessToken: async () => 'token-1', fetch });
    const buffer = await fetcher('http://oasis/h5grove/data', { file: 'a b.h5', path: '/x', format: 'bin' });
    expect(Array.from(new Uint8Array(buffer))).toEqual([1, 2, 3]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/h5grove/data');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      file: 'a b.h5',
      path: '/x',
      format: 'bin',
      upload_id: 'u1',
      source: 'raw',
    });
    expect(init.headers).toEqual({ Authorization: 'Bearer token-1' });
  });

  it('sends no token when logged out and fails with the server’s detail', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ detail: 'notes.txt is not an HDF5 file.' }), { status: 400 }),
    );
    const fetcher = h5groveFetcher({ uploadId: 'u1', accessToken: async () => undefined, fetch });
    await expect(fetcher('http://oasis/h5grove/meta', { file: 'notes.txt', path: '/' })).rejects.toThrow(
      'notes.txt is not an HDF5 file.',
    );
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({});
  });

  it('rethrows h5web’s own abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by h5web');
    const fetch = vi.fn(async () => {
      controller.abort(reason);
      throw new DOMException('aborted', 'AbortError');
    });
    const fetcher = h5groveFetcher({ uploadId: 'u1', accessToken: async () => undefined, fetch });
    await expect(
      fetcher('http://oasis/h5grove/data', { file: 'a.h5' }, { abortSignal: controller.signal }),
    ).rejects.toBe(reason);
  });
});

describe('where a file preview opens', () => {
  /** h5grove's meta answers of a file, by path. */
  const fileOf =
    (meta: Record<string, object>) =>
    async (_url: string, params: Record<string, string>): Promise<ArrayBuffer> =>
      new TextEncoder().encode(JSON.stringify(meta[params.path!] ?? {})).buffer as ArrayBuffer;

  it('is the first dataset, the first group with one walked depth first', async () => {
    const file = fileOf({
      '/': {
        kind: 'group',
        attributes: [{ name: 'creator' }],
        children: [
          { name: 'empty', kind: 'group' },
          { name: 'scan', kind: 'group' },
        ],
      },
      '/empty': { kind: 'group', children: [] },
      '/scan': {
        kind: 'group',
        children: [
          { name: 'raw', kind: 'group' },
          { name: 'intensity', kind: 'dataset' },
        ],
      },
    });
    expect(await previewStartPath(file, '/h5grove', 'a.h5')).toBe('/scan/intensity');
  });

  it('is the root when it names a NeXus default (h5web plots it), or when no dataset is found', async () => {
    const nexus = fileOf({
      '/': { kind: 'group', attributes: [{ name: 'default' }], children: [{ name: 'x', kind: 'dataset' }] },
    });
    expect(await previewStartPath(nexus, '/h5grove', 'a.h5')).toBeUndefined();
    const empty = fileOf({ '/': { kind: 'group', children: [{ name: 'g', kind: 'group' }] } });
    expect(await previewStartPath(empty, '/h5grove', 'a.h5')).toBeUndefined();
  });
});
