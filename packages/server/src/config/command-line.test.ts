import { describe, expect, it } from 'vitest';
import { fillPlaceholders, splitCommandLine, usesToken } from './command-line.ts';

describe('splitCommandLine', () => {
  it('splits words and keeps quoted text, empty quotes included, as one word', () => {
    expect(splitCommandLine(`jupyter lab  --ServerApp.token='' --x="a b" 'c d'e`)).toEqual([
      'jupyter',
      'lab',
      '--ServerApp.token=',
      '--x=a b',
      'c de',
    ]);
  });

  it('refuses an unbalanced quote', () => {
    expect(() => splitCommandLine(`tool 'open`)).toThrow("Unbalanced '");
  });
});

describe('fillPlaceholders', () => {
  it('fills port, base URL, working folder and token; a value is never split or read as syntax', () => {
    const argv = splitCommandLine(
      'tool --port {port} --base={base_url} {upload_dir} --token={token} {other}',
    );
    const values = { port: '41001', base_url: '/b/u/a b/', upload_dir: '/d/$(x)', token: 'f00d' };
    expect(fillPlaceholders(argv, values)).toEqual([
      'tool',
      '--port',
      '41001',
      '--base=/b/u/a b/',
      '/d/$(x)',
      '--token=f00d',
      '{other}',
    ]);
    expect(usesToken(argv)).toBe(true);
    expect(usesToken(splitCommandLine('tool --port {port}'))).toBe(false);
  });
});
