import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW } from './model.ts';
import { sectionPlots, valueAtRelativePath } from './plots.ts';
import { searchArchive } from './search.ts';
import { convertDeep, displayUnitOf } from './values.ts';

const archive = {
  m_def: 'x',
  run: [
    {
      program: { name: 'VASP' },
      x_vasp_version: 'vasp.5',
      calculation: [{ energy: { total: { value: 1 } } }],
    },
  ],
  results: { material: { chemical_formula_hill: 'Si2' } },
};

describe('searchArchive', () => {
  it('finds names and values, shallow hits first, with the keys that open them', () => {
    expect(searchArchive(archive, 'material', DEFAULT_VIEW)).toEqual([
      { keys: ['results', 'material'], path: 'results/material' },
    ]);
    expect(searchArchive(archive, 'si2', DEFAULT_VIEW)).toEqual([
      {
        keys: ['results', 'material', 'chemical_formula_hill'],
        path: 'results/material/chemical_formula_hill',
        value: 'Si2',
      },
    ]);
    expect(searchArchive(archive, 'total', DEFAULT_VIEW)[0]?.keys).toEqual([
      'run:0',
      'calculation:0',
      'energy',
      'total',
    ]);
  });

  it('skips hidden parts and stops at the limit', () => {
    expect(searchArchive(archive, 'vasp', DEFAULT_VIEW).map((hit) => hit.path)).toEqual([
      'run/0/program/name',
    ]);
    expect(searchArchive(archive, 'vasp', { ...DEFAULT_VIEW, codeSpecific: true })).toHaveLength(2);
    expect(searchArchive(archive, 'm_def', DEFAULT_VIEW)).toEqual([]);
    expect(searchArchive(archive, 'a', DEFAULT_VIEW, 2)).toHaveLength(2);
    expect(searchArchive(archive, '  ', DEFAULT_VIEW)).toEqual([]);
  });
});

describe('sectionPlots', () => {
  const section = {
    energies: [1, 2, 3],
    total: [{ value: [4, 5, 6] }],
    m_annotations: { plot: { label: 'DOS', x: 'energies', y: 'total/0/value' } },
    a_plot: [{ x: 'energies', y: ['energies', 'missing'] }],
    figures: [{ label: 'fig', figure: { data: [{ type: 'bar', y: [1] }], layout: { title: 't' } } }],
  };

  it('builds traces from plot annotations and takes Plotly figures as they are', () => {
    const plots = sectionPlots(section);
    expect(plots.map((plot) => plot.label)).toEqual(['DOS', 'energies, missing', 'fig']);
    expect(plots[0]?.data).toEqual([
      { type: 'scatter', mode: 'lines', name: 'total/0/value', x: [1, 2, 3], y: [4, 5, 6] },
    ]);
    expect(plots[1]?.data).toHaveLength(1);
    expect(plots[2]).toEqual({ label: 'fig', data: [{ type: 'bar', y: [1] }], layout: { title: 't' } });
    expect(sectionPlots({ a_plot: { x: 'nothing', y: 'nothing' } })).toEqual([]);
  });

  it('reads relative paths with indexes', () => {
    expect(valueAtRelativePath(section, 'total:0/value')).toEqual([4, 5, 6]);
    expect(valueAtRelativePath(section, './total/-1/value/2')).toBe(6);
    expect(valueAtRelativePath(section, 'energies/x')).toBeUndefined();
  });
});

describe('values in the unit system', () => {
  it('converts numbers in nested arrays to the display unit', () => {
    const unit = displayUnitOf('joule', { energy: 'electron_volt' });
    expect(unit.label).toBe('eV');
    const converted = convertDeep([[1.602176634e-19, 'x']], unit.convert) as [[number, string]];
    expect(converted[0][0]).toBeCloseTo(1);
    expect(converted[0][1]).toBe('x');
    expect(displayUnitOf(undefined, {}).label).toBe('');
  });
});
