import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-schema.ts';
import { readNorthConfig } from './north.ts';

describe('readNorthConfig', () => {
  it('keeps tools with a command, in order, as include and exclude say, with the defaults', () => {
    const config = readNorthConfig({
      enabled: true,
      tools: {
        exclude: ['gone'],
        options: {
          jupyter: {
            command: 'jupyter notebook --port {port}',
            file_extensions: ['ipynb'],
            image: 'ignored',
          },
          docker: { image: 'nomad/north-docker' },
          gone: { command: 'x' },
          second: { command: 'y', title: 'Second', maintainer: [{ name: 'Ada', email: 'a@b' }] },
        },
      },
    });
    expect([...config.tools.keys()]).toEqual(['jupyter', 'second']);
    expect(config.tools.get('jupyter')).toMatchObject({
      argv: ['jupyter', 'notebook', '--port', '{port}'],
      info: { name: 'jupyter', title: 'jupyter', file_extensions: ['ipynb'] },
    });
    expect(config.tools.get('jupyter')?.info).not.toHaveProperty('image');
    expect(config).toMatchObject({
      enabled: true,
      idleTimeoutMs: 3_600_000,
      maxInstancesPerUser: 3,
      maxInstances: 20,
      ports: { start: 41000, end: 41999 },
    });
  });

  it('refuses tool names that are no URL segment, broken command lines and empty port ranges', () => {
    expect(() => readNorthConfig({ tools: { options: { 'a/b': { command: 'x' } } } })).toThrow(ConfigError);
    expect(() => readNorthConfig({ tools: { options: { a: { command: "x 'y" } } } })).toThrow(
      /north\.tools\.options\.a\.command/,
    );
    expect(() => readNorthConfig({ port_range: { start: 5000, end: 4000 } })).toThrow(ConfigError);
  });
});
