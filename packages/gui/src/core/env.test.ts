import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('falls back to this origin when the config is missing', () => {
    const env = readEnv(undefined, 'http://host:8000');
    expect(env.appBase).toBe('http://host:8000/nomad-oasis');
    expect(env.apiBase).toBe('http://host:8000/nomad-oasis/api/v1');
    expect(env.keycloakBase.endsWith('/')).toBe(true);
    expect(env.apps).toEqual([]);
    expect(env.globalLoginRequired).toBe(false);
  });

  it('derives the API base and keeps the apps in include order', () => {
    const env = readEnv({
      appBase: 'http://x/nomad-oasis/',
      keycloakBase: 'http://x/auth',
      ui: {
        apps: {
          options: {
            a: { label: 'A', path: 'a', resource: 'entries', category: 'c' },
            b: { label: 'B', path: 'b', resource: 'materials', category: 'c' },
          },
          include: ['b', 'a', 'missing'],
          exclude: ['a'],
        },
      },
      version: { isBeta: 'yes' },
    });
    expect(env.apiBase).toBe('http://x/nomad-oasis/api/v1');
    expect(env.keycloakBase).toBe('http://x/auth/');
    expect(env.apps.map((app) => app.label)).toEqual(['B']);
    expect(env.version.isBeta).toBe(false);
  });
});
