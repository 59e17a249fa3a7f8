import { describe, expect, it } from 'vitest';
import { projectArchive } from './archive-required.ts';

const archive = {
  metadata: { entry_id: 'e1', mainfile: 'vasprun.xml' },
  processing_logs: [{ level: 'INFO', event: 'parser executed' }],
  run: [
    {
      program: { name: 'VASP' },
      calculation: [
        { energy: { total: { value: -1 } } },
        { dos_electronic: [{ energies: [0, 1e-19], total: [{ value: [0, 1] }] }] },
      ],
    },
  ],
  results: {
    material: { elements: ['Si'] },
    properties: {
      electronic: {
        dos_electronic: [
          {
            energies: '/run/0/calculation/1/dos_electronic/0/energies',
            total: ['#/run/0/calculation/1/dos_electronic/0/total/0'],
            note: '/not/a/path',
          },
        ],
      },
    },
  },
};

describe('projectArchive', () => {
  it('takes everything for "*" and the named sections for an object', () => {
    expect(projectArchive(archive, '*')).toEqual(archive);
    expect(projectArchive(archive, { processing_logs: '*' })).toEqual({
      processing_logs: archive.processing_logs,
    });
    expect(projectArchive(archive, { results: { material: '*' }, 'resolve-inplace': false })).toEqual({
      results: { material: { elements: ['Si'] } },
    });
  });

  it('adds the sections that include-resolved references point to, at their own paths', () => {
    const out = projectArchive(archive, { results: { properties: { electronic: 'include-resolved' } } });
    expect(out.results).toEqual({ properties: archive.results.properties });
    const run = out.run as Array<{ calculation: unknown[]; program?: unknown }>;
    // Only the referenced parts come along; list positions are kept so the references still resolve.
    expect(run[0]?.program).toBeUndefined();
    expect(run[0]?.calculation[0]).toEqual({});
    expect(run[0]?.calculation[1]).toEqual({
      dos_electronic: [{ energies: [0, 1e-19], total: [{ value: [0, 1] }] }],
    });
  });

  it('ignores references that leave the archive through inherited properties', () => {
    const hostile = { results: { refs: ['/__proto__/polluted', '/constructor/prototype', '#/toString'] } };
    const out = projectArchive(hostile, { results: 'include-resolved' });
    expect(out).toEqual({ results: hostile.results });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
