import { describe, expect, it } from 'vitest';
import { safeHref } from './safeUrl.ts';

describe('safeHref', () => {
  it.each([
    'https://doi.org/10.1000/182',
    'http://example.org/a?b=c#d',
    'HTTPS://EXAMPLE.ORG/',
    'mailto:someone@example.org',
    '/nomad-oasis/gui/search/entries',
    'relative/path',
    '#section',
    '//example.org/protocol-relative',
  ])('admits %j', (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    '   javascript:alert(1)',
    '\u0000\u0001\u001f javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript:alert(1)\n',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.org/uuid',
    'http://[broken',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});

describe('safeHref for absolute links only', () => {
  it('admits absolute http(s) and mailto URLs, refuses relative ones and unsafe schemes', () => {
    expect(safeHref('https://doi.org/10.1000/182', { absolute: true })).toBe('https://doi.org/10.1000/182');
    expect(safeHref('mailto:someone@example.org', { absolute: true })).toBe('mailto:someone@example.org');
    expect(safeHref('10.1000/182', { absolute: true })).toBeUndefined();
    expect(safeHref('/nomad-oasis/gui', { absolute: true })).toBeUndefined();
    expect(safeHref(' javascript:alert(1)', { absolute: true })).toBeUndefined();
  });
});
