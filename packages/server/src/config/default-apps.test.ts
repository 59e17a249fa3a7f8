import { Value } from '@sinclair/typebox/value';
import { AppConfigSchema, type MenuItemConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../search/quantities.ts';
import { defaultEntriesApp } from './default-apps.ts';

const known = new Set(entrySearchQuantities.map((quantity) => quantity.name));
/** Built-in columns that show a whole section (spec 2 §3) rather than one search quantity. */
const builtinColumns = new Set(['authors', 'datasets']);

const menuQuantities = (item: MenuItemConfig): string[] => {
  const own =
    'search_quantity' in item && typeof item.search_quantity === 'string'
      ? [item.search_quantity]
      : item.type === 'histogram' && typeof item.x === 'object'
        ? [item.x.search_quantity]
        : [];
  const items = 'items' in item && Array.isArray(item.items) ? (item.items as MenuItemConfig[]) : [];
  return [...own, ...items.flatMap(menuQuantities)];
};

describe('the default entries app', () => {
  it('is a valid app config', () => {
    const errors = [...Value.Errors(AppConfigSchema, defaultEntriesApp)].map(
      (e) => `${e.path}: ${e.message}`,
    );
    expect(errors).toEqual([]);
  });

  it('uses only search quantities this server indexes', () => {
    const quantities = [
      ...menuQuantities(defaultEntriesApp.menu!),
      ...(defaultEntriesApp.columns ?? [])
        .map((column) => column.search_quantity)
        .filter((q) => !builtinColumns.has(q)),
      ...(defaultEntriesApp.dashboard?.widgets ?? []).map((widget) =>
        'search_quantity' in widget
          ? widget.search_quantity
          : typeof widget.x === 'object'
            ? widget.x.search_quantity
            : widget.x,
      ),
    ];
    expect(quantities.length).toBeGreaterThan(40);
    expect(quantities.filter((quantity) => !known.has(quantity))).toEqual([]);
  });

  it('shows the default columns of spec 2 §3 and excludes free text search', () => {
    const selected = (defaultEntriesApp.columns ?? []).filter((column) => column.selected);
    expect(selected.map((column) => [column.search_quantity, column.title])).toEqual([
      ['entry_name', 'Name'],
      ['results.material.chemical_formula_hill', 'Formula'],
      ['entry_type', undefined],
      ['upload_create_time', 'Upload time'],
      ['authors', undefined],
    ]);
    expect(defaultEntriesApp.search_syntaxes?.exclude).toEqual(['free_text']);
    expect(defaultEntriesApp.filters?.exclude).toEqual(['mainfile', 'entry_name', 'combine']);
  });
});
