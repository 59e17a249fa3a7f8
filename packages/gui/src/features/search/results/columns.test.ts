import type { AppConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../context/index.ts';
import { buildColumns, ColumnConfigError } from './columns.ts';
import { readColumns, readRows } from './config.ts';
import { DEFAULT_ENTRY_COLUMNS } from './defaultColumns.ts';

const definition = (quantity: string, extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  quantity,
  label: quantity,
  dtype: 'string',
  aggregatable: true,
  multiple: true,
  suggestion: false,
  exclusive: true,
  list: false,
  ...extra,
});

const definitions = {
  entry_name: definition('entry_name', { label: 'Entry name' }),
  'results.material.chemical_formula_hill': definition('results.material.chemical_formula_hill', {
    label: 'Chemical formula hill',
  }),
  'results.material.elements': definition('results.material.elements', { list: true }),
  'results.method.simulation.precision.planewave_cutoff': definition(
    'results.method.simulation.precision.planewave_cutoff',
    { label: 'Planewave cutoff', dtype: 'float', unit: 'joule', dimension: 'energy' },
  ),
  upload_create_time: definition('upload_create_time', { dtype: 'timestamp' }),
};

const app = (extra: Record<string, unknown>): AppConfig => ({
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
  ...extra,
});

describe('readColumns', () => {
  it('reads the configured columns, unselected unless they say so', () => {
    const columns = readColumns(
      app({
        columns: [
          { search_quantity: 'entry_name', selected: true, title: 'Name', align: 'left' },
          { search_quantity: 'x', unit: 'A/m**2', format: { decimals: 2, mode: 'standard', separator: ',' } },
        ],
      }),
    );
    expect(columns).toEqual([
      { search_quantity: 'entry_name', selected: true, title: 'Name', align: 'left' },
      {
        search_quantity: 'x',
        selected: false,
        unit: 'A/m**2',
        format: { decimals: 2, mode: 'standard', separator: ',' },
      },
    ]);
  });

  it('tells a missing configuration from an empty one', () => {
    expect(readColumns(app({}))).toBeUndefined();
    expect(readColumns(app({ columns: [] }))).toEqual([]);
  });
});

describe('readRows', () => {
  it('reads actions, details and selection, with defaults per resource', () => {
    const rows = readRows(
      app({
        rows: {
          actions: {
            enabled: true,
            options: { launch: { type: 'url', path: 'data.uri', description: 'Open' } },
          },
          details: { enabled: false },
        },
      }),
    );
    expect(rows.actions.options).toEqual({ launch: { type: 'url', path: 'data.uri', description: 'Open' } });
    expect(rows.details.enabled).toBe(false);
    const listed = readRows(app({ rows: { actions: { items: [{ type: 'url', path: 'a' }] } } }));
    expect(listed.actions.options).toEqual({ 'item-0': { type: 'url', path: 'a' } });
    expect(rows.selection.enabled).toBe(true);
    const materials = readRows({ ...app({}), resource: 'materials' });
    expect([materials.actions.enabled, materials.details.enabled, materials.selection.enabled]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('buildColumns', () => {
  const byKey = (key: string) =>
    buildColumns(DEFAULT_ENTRY_COLUMNS, definitions, 'entries').find((column) => column.key === key)!;

  it('titles columns from the configuration, the built-ins, then the definitions', () => {
    expect(byKey('entry_name').title).toBe('Name');
    expect(byKey('results.material.chemical_formula_hill').title).toBe('Formula');
    expect(byKey('entry_type').title).toBe('Entry type');
    expect(byKey('published').title).toBe('Access');
    expect(byKey('results.method.simulation.precision.planewave_cutoff').title).toBe('Planewave cutoff');
    // Not among the definitions: the quantity's last name.
    expect(byKey('results.eln.lab_ids').title).toBe('Lab ids');
  });

  it('sorts scalar known quantities and the sortable built-ins only', () => {
    expect(byKey('entry_name').sortable).toBe(true);
    expect(byKey('authors').sortable).toBe(false);
    expect(byKey('published').sortable).toBe(false);
    expect(byKey('results.method.simulation.precision.planewave_cutoff').sortable).toBe(true);
    expect(byKey('results.eln.lab_ids').sortable).toBe(false);
    const [elements] = buildColumns(
      [{ search_quantity: 'results.material.elements', selected: true }],
      definitions,
      'entries',
    );
    expect(elements?.sortable).toBe(false);
  });

  it('carries units, formats and timestamps', () => {
    const cutoff = byKey('results.method.simulation.precision.planewave_cutoff');
    expect([cutoff.storedUnit, cutoff.dimension]).toEqual(['joule', 'energy']);
    expect(byKey('upload_create_time').timestamp).toBe(true);
    const [custom] = buildColumns(
      [{ search_quantity: 'data.date#my.Schema', selected: true, format: { mode: 'date' } }],
      definitions,
      'entries',
    );
    expect(custom?.title).toBe('Date');
    expect(custom?.sortable).toBe(false);
    expect(custom?.format).toEqual({ mode: 'date' });
  });

  it('throws a configuration error for a quantity that is no valid path', () => {
    expect(() => buildColumns([{ search_quantity: 'a..b', selected: true }], definitions, 'entries')).toThrow(
      ColumnConfigError,
    );
  });
});
