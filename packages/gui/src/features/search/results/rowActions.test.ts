import { describe, expect, it } from 'vitest';
import { entryPagePath, materialTarget, urlActionTarget } from './rowActions.ts';

describe('rowActions', () => {
  it('links entries below the app route', () => {
    expect(entryPagePath('entries', 'a/b')).toBe('/search/entries/entry/id/a%2Fb');
  });

  it("links materials to the encyclopedia when there is one, else to the material's entries", () => {
    const apps = [
      { path: 'materials', resource: 'materials' as const },
      { path: 'calculations', resource: 'entries' as const },
      { path: 'entries', resource: 'entries' as const },
    ];
    expect(materialTarget('https://enc.test/', apps, { material_id: 'm1' })).toEqual({
      kind: 'link',
      href: 'https://enc.test/material/m1',
    });
    expect(materialTarget('', apps, { material_id: 'm/1' })).toEqual({
      kind: 'route',
      to: '/search/entries?results.material.material_id=m%2F1',
    });
    expect(materialTarget('', apps.slice(0, 2), { material_id: 'm1' })).toEqual({
      kind: 'route',
      to: '/search/calculations?results.material.material_id=m1',
    });
    expect(materialTarget('', apps.slice(0, 1), { material_id: 'm1' })).toEqual({ kind: 'none' });
    expect(materialTarget('', apps, {})).toEqual({ kind: 'none' });
  });

  it('resolves configured url actions to one link, none, or an error', () => {
    const row = {
      data: {
        references: [
          { kind: 'hub', uri: 'https://hub/n' },
          { kind: 'doc', uri: 'https://d' },
        ],
      },
    };
    expect(urlActionTarget(row, "data.references[?kind=='hub'].uri")).toEqual({
      kind: 'link',
      href: 'https://hub/n',
    });
    expect(urlActionTarget(row, "data.references[?kind=='x'].uri")).toEqual({ kind: 'none' });
    expect(urlActionTarget(row, 'data.references[*].uri')).toEqual({
      kind: 'error',
      message: 'The row action path "data.references[*].uri" returned more than one item.',
    });
    expect(urlActionTarget(row, 'data..x').kind).toBe('error');
  });

  it('offers no link for values that would run script when followed', () => {
    for (const uri of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(urlActionTarget({ data: { uri } }, 'data.uri'), uri).toEqual({ kind: 'none' });
    }
  });
});
