import { archiveDefinition } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  isReference,
  keysOfArchivePath,
  referenceTarget,
  resolveKeys,
  rootNode,
  sectionEntries,
  type ArchiveNode,
} from './model.ts';

const archive = {
  m_def: 'nomad.datamodel.EntryArchive',
  metadata: { entry_id: 'e1', mainfile: 'vasprun.xml' },
  run: [
    {
      program: { name: 'VASP', version: '5.4' },
      x_vasp_incar: { ENCUT: 500 },
      calculation: [
        { energy: { total: { value: -1e-18 } }, system_ref: '/run/0/system/0' },
        { energy: { total: { value: -2e-18 } } },
        { energy: { total: { value: -3e-18 } } },
      ],
      system: [
        {
          atoms: {
            labels: ['Si', 'Si'],
            positions: [
              [0, 0, 0],
              [1.3e-10, 1.3e-10, 1.3e-10],
            ],
          },
        },
      ],
    },
  ],
  data: { m_def: 'my.Sample', temperature: { m_value: 300, m_attributes: { source: 'sensor' } } },
};

const root = rootNode(archive, archiveDefinition);
const last = (keys: string[]) => {
  const { nodes, missing } = resolveKeys(root, keys);
  expect(missing).toBeUndefined();
  return nodes[nodes.length - 1] as ArchiveNode;
};

describe('resolveKeys', () => {
  it('walks sections, repeating sub-sections by index and quantities, with definitions', () => {
    const node = last(['run:0', 'calculation:1', 'energy', 'total', 'value']);
    expect(node).toMatchObject({
      kind: 'quantity',
      value: -2e-18,
      path: '/run/0/calculation/1/energy/total/value',
    });
    expect(node.kind === 'quantity' && node.definition?.unit).toBe('joule');
  });

  it('counts negative indexes from the end', () => {
    expect(last(['run:0', 'calculation:-1'])).toMatchObject({
      kind: 'section',
      path: '/run/0/calculation/2',
    });
    expect(last(['run:-1', 'program', 'name'])).toMatchObject({ kind: 'quantity', value: 'VASP' });
  });

  it('lists a repeating sub-section without index and opens its items by index', () => {
    expect(last(['run:0', 'calculation'])).toMatchObject({ kind: 'list', items: { length: 3 } });
    expect(last(['run:0', 'calculation', '-2'])).toMatchObject({
      kind: 'section',
      path: '/run/0/calculation/1',
    });
  });

  it('opens items of list quantities by index and reads attributes', () => {
    expect(last(['run:0', 'system:0', 'atoms', 'positions', '1'])).toMatchObject({
      kind: 'quantity',
      value: [1.3e-10, 1.3e-10, 1.3e-10],
    });
    expect(last(['data', 'temperature'])).toMatchObject({ kind: 'quantity', value: 300 });
    expect(last(['data', 'temperature', '@source'])).toMatchObject({ kind: 'attribute', value: 'sensor' });
  });

  it('names the first key that does not exist', () => {
    expect(resolveKeys(root, ['run:0', 'calculation:7', 'energy']).missing).toBe('calculation:7');
    expect(resolveKeys(root, ['nothing']).missing).toBe('nothing');
    expect(resolveKeys(root, ['run:0', 'program:0']).missing).toBe('program:0');
    expect(resolveKeys(root, ['metadata', 'mainfile', '0']).missing).toBe('0');
  });
});

describe('sectionEntries', () => {
  const run = last(['run:0']);
  if (run.kind !== 'section') throw new Error('not a section');

  it('hides code-specific and technical data unless toggled', () => {
    const names = (options = DEFAULT_VIEW) => {
      const { quantities, subSections } = sectionEntries(run, options);
      return [...quantities, ...subSections].map((entry) => entry.name);
    };
    expect(names()).toEqual(['program', 'calculation', 'system']);
    expect(names({ ...DEFAULT_VIEW, codeSpecific: true })).toContain('x_vasp_incar');
    const top = sectionEntries(root as Extract<ArchiveNode, { kind: 'section' }>, DEFAULT_VIEW);
    expect(top.quantities.map((q) => q.name)).not.toContain('m_def');
    const technical = sectionEntries(root as Extract<ArchiveNode, { kind: 'section' }>, {
      ...DEFAULT_VIEW,
      technical: true,
    });
    expect(technical.quantities.map((q) => q.name)).toContain('m_def');
  });

  it('tells repeating sub-sections with their counts, and adds absent definitions when all are shown', () => {
    const { subSections } = sectionEntries(run, DEFAULT_VIEW);
    expect(subSections.find((s) => s.name === 'calculation')).toMatchObject({ kind: 'repeats', count: 3 });
    expect(subSections.find((s) => s.name === 'program')).toMatchObject({ kind: 'section', present: true });
    const all = sectionEntries(run, { ...DEFAULT_VIEW, allDefined: true });
    const absent = [...all.quantities, ...all.subSections].filter((entry) => !entry.present);
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.map((entry) => entry.name)).toContain('method');
  });
});

describe('references', () => {
  it('turns archive paths into lane keys', () => {
    expect(keysOfArchivePath('/run/0/calculation/-1/energy')).toEqual(['run:0', 'calculation:-1', 'energy']);
    expect(keysOfArchivePath('/run/0/system/0/atoms/positions/3')).toEqual([
      'run:0',
      'system:0',
      'atoms',
      'positions:3',
    ]);
  });

  it("reads NOMAD's reference forms", () => {
    expect(referenceTarget('/run/0/system/0')).toEqual({ keys: ['run:0', 'system:0'] });
    expect(referenceTarget('#/data/sample')).toEqual({ keys: ['data', 'sample'] });
    expect(referenceTarget('../upload/archive/abc#/data')).toEqual({ entryId: 'abc', keys: ['data'] });
    expect(referenceTarget('../uploads/u1/archive/abc#/run/0')).toEqual({
      uploadId: 'u1',
      entryId: 'abc',
      keys: ['run:0'],
    });
    expect(referenceTarget('https://example.org/x')).toBeUndefined();
    expect(referenceTarget(3)).toBeUndefined();
  });

  it('knows references by definition or by their form', () => {
    expect(isReference(undefined, '/run/0/system/0')).toBe(true);
    expect(isReference(undefined, ['../upload/archive/abc#/data'])).toBe(true);
    expect(isReference(undefined, 'Si2')).toBe(false);
  });
});
