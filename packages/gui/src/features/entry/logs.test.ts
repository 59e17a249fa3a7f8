import { describe, expect, it } from 'vitest';
import { filterLogs, levelOf, logDetails, logKeys, logSummary, logsWithErrors } from './logs.ts';

const logs = [
  { level: 'DEBUG', event: 'Executing celery task', parser: 'parsers/vasp', proc: 'Entry' },
  { level: 'INFO', event: 'parser executed', parser: 'parsers/vasp', exec_time: '0.04' },
  { level: 'WARNING', event: 'no symmetry', normalizer: 'SystemNormalizer' },
  { event: 'no level' },
];

describe('processing logs', () => {
  it('appends processing errors as ERROR items', () => {
    const all = logsWithErrors(logs, ['parser failed: x']);
    expect(all.at(-1)).toEqual({ level: 'ERROR', event: 'parser failed: x' });
    expect(all).toHaveLength(5);
  });

  it('filters by level; a log without one counts as INFO', () => {
    expect(filterLogs(logs, new Set(['INFO'])).map((log) => log.event)).toEqual([
      'parser executed',
      'no level',
    ]);
    expect(filterLogs(logs, new Set())).toEqual([]);
    expect(levelOf({ level: 'error' })).toBe('ERROR');
  });

  it('offers every key but the level, with parser and event always there', () => {
    expect(logKeys(logs)).toEqual(['event', 'exec_time', 'normalizer', 'parser', 'proc']);
    expect(logKeys([])).toEqual(['event', 'parser']);
  });

  it('shows the chosen keys in a line and all fields when expanded', () => {
    expect(logSummary(logs[1] as (typeof logs)[number], ['parser', 'event'])).toEqual([
      'parsers/vasp',
      'parser executed',
    ]);
    expect(logSummary(logs[2] as (typeof logs)[number], ['parser', 'event', 'normalizer'])).toEqual([
      'no symmetry',
      'SystemNormalizer',
    ]);
    expect(logDetails({ level: 'INFO', event: 'e', n: 3 })).toEqual([
      ['level', 'INFO'],
      ['event', 'e'],
      ['n', '3'],
    ]);
  });
});
