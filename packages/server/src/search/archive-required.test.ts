import { describe, expect, it } from 'vitest';
import { externalReference, projectArchive, projectArchiveWithReferences } from './archive-required.ts';

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

  it('resolves negative list indices from the end, placing the value at its own index', () => {
    const workflow = {
      workflow2: { outputs: [{ section: '/run/0/calculation/-1' }, { section: '/run/0/calculation/-3' }] },
    };
    const out = projectArchive({ ...archive, ...workflow }, { workflow2: 'include-resolved' });
    const run = out.run as Array<{ calculation: unknown[] }>;
    expect(run[0]?.calculation).toEqual([{}, archive.run[0]!.calculation[1]]);
    // A reference before the list's start resolves to nothing and brings nothing along.
    expect(run[0]?.calculation).toHaveLength(2);
  });

  it('ignores references that leave the archive through inherited properties', () => {
    const hostile = { results: { refs: ['/__proto__/polluted', '/constructor/prototype', '#/toString'] } };
    const out = projectArchive(hostile, { results: 'include-resolved' });
    expect(out).toEqual({ results: hostile.results });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('references into other archives', () => {
  it("reads NOMAD's forms of references to other entries", () => {
    expect(externalReference('../upload/archive/e2#/data/x')).toEqual({
      location: { entryId: 'e2' },
      path: ['data', 'x'],
    });
    expect(externalReference('../upload/archive/mainfile/a/b.archive.json#/data')).toEqual({
      location: { mainfile: 'a/b.archive.json' },
      path: ['data'],
    });
    expect(externalReference('../uploads/u2/archive/e2#/run/0')).toEqual({
      location: { uploadId: 'u2', entryId: 'e2' },
      path: ['run', '0'],
    });
    expect(externalReference('../uploads/u2/archive/mainfile/x.json#data')).toBeUndefined();
    expect(externalReference('https://example.org/archive/e2#/data')).toBeUndefined();
    expect(externalReference('/run/0')).toBeUndefined();
  });

  it('collects them under include-resolved with the resolve-inplace in force there', () => {
    const value = {
      data: { a: '../upload/archive/e2#/data', b: ['../uploads/u/archive/e3#/data/x'] },
      other: '../upload/archive/e4#/data',
    };
    const { external } = projectArchiveWithReferences(value, {
      data: 'include-resolved',
      'resolve-inplace': true,
    });
    expect(external.map((ref) => [ref.location, ref.key, ref.inplace])).toEqual([
      [{ entryId: 'e2' }, 'a', true],
      [{ uploadId: 'u', entryId: 'e3' }, 0, true],
    ]);
    expect(
      projectArchiveWithReferences(value, { data: 'include-resolved' }).external.every((ref) => !ref.inplace),
    ).toBe(true);
  });

  it('resolves a quantity that is itself the reference', () => {
    const value = { data: { ref: '/data/target', target: { x: 1 } } };
    expect(projectArchive(value, { data: { ref: 'include-resolved' } })).toEqual({
      data: { ref: '/data/target', target: { x: 1 } },
    });
    expect(projectArchive(value, { data: { ref: 'include-resolved', 'resolve-inplace': true } })).toEqual({
      data: { ref: { x: 1 } },
    });
  });

  it('replaces in-archive references in a copy when resolving in place', () => {
    const out = projectArchive(archive, {
      results: { properties: { electronic: 'include-resolved' } },
      'resolve-inplace': true,
    });
    const dos = (out.results as any).properties.electronic.dos_electronic[0]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(dos.energies).toEqual([0, 1e-19]);
    expect(dos.total).toEqual([{ value: [0, 1] }]);
    expect(out.run).toBeUndefined();
    // The archive as read is unchanged.
    expect(archive.results.properties.electronic.dos_electronic[0]?.energies).toBe(
      '/run/0/calculation/1/dos_electronic/0/energies',
    );
  });
});
