import { ApiClient, dispositionFileName } from '@oasis/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadSystem } from './download.ts';

describe('dispositionFileName', () => {
  it('reads the plain, quoted and RFC 8187 forms', () => {
    expect(dispositionFileName('attachment; filename="Cl4Na4.cif"')).toBe('Cl4Na4.cif');
    expect(dispositionFileName('attachment; filename=Si2.xyz')).toBe('Si2.xyz');
    expect(dispositionFileName(`attachment; filename="_.pdb"; filename*=UTF-8''%C3%85.pdb`)).toBe('Å.pdb');
    expect(dispositionFileName('attachment')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
  });
});

describe('downloadSystem', () => {
  afterEach(() => vi.restoreAllMocks());

  const saved = async (headers: Record<string, string>) => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('8\n', { headers })));
    const api = new ApiClient({ apiBase: 'http://oasis/api/v1', fetch, accessToken: async () => 'token' });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await downloadSystem(api, { entryId: 'e1', path: 'results/material/topology/0' }, 'xyz', 'unwrap');
    return { names, request: fetch.mock.calls[0]! };
  };

  it('asks GET systems with the path, format and wrap mode and saves under the given name', async () => {
    const { names, request } = await saved({ 'content-disposition': 'attachment; filename="Cl4Na4.xyz"' });
    expect(String(request[0])).toBe(
      'http://oasis/api/v1/systems/e1?path=results%2Fmaterial%2Ftopology%2F0&format=xyz&wrap_mode=unwrap',
    );
    expect((request[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token');
    expect(names).toEqual(['Cl4Na4.xyz']);
  });

  it('saves as system.{format} when the answer names no file', async () => {
    const { names } = await saved({});
    expect(names).toEqual(['system.xyz']);
  });
});
