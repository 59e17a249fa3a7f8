import { describe, expect, it } from 'vitest';
import { apiCookiePath, removedTokenCookie, tokenCookie } from './tokenCookie.ts';

describe('token cookie', () => {
  it('is scoped to the API path, strict same-site and expires with the token plus clock skew', () => {
    const cookie = tokenCookie('abc', 1_700_000_000, '/nomad-oasis/api', false);
    expect(cookie).toBe(
      `Authorization=Bearer abc; expires=${new Date(1_700_000_010_000).toUTCString()}; path=/nomad-oasis/api; SameSite=Strict`,
    );
  });
  it('is Secure on https pages', () => {
    expect(tokenCookie('abc', 1_700_000_000, '/nomad-oasis/api', true)).toMatch(/; SameSite=Strict; Secure$/);
    expect(removedTokenCookie('/nomad-oasis/api', true)).toMatch(/; Secure$/);
  });
  it('is removed by expiring it', () => {
    expect(removedTokenCookie('/nomad-oasis/api', false)).toContain('expires=Thu, 01 Jan 1970');
  });
  it('derives the API path from the app base', () => {
    expect(apiCookiePath('http://localhost:8000/nomad-oasis')).toBe('/nomad-oasis/api');
    expect(apiCookiePath('https://example.org/')).toBe('/api');
  });
});
