import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { AppConfigSchema, type AppConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../search/quantities.ts';
import { defaultApps } from './default-apps.ts';

const nomadEnv = path.resolve(import.meta.dirname, '../../../../../shared/nomad-reference/env.json');
const known = new Set(entrySearchQuantities.map((quantity) => quantity.name));
const NOMAD_APPS = ['calculations', 'materials', 'eln', 'eels'];

type Item = { type?: string; title?: string; search_quantity?: string; x?: unknown; items?: Item[] };

/** Every item of a menu, depth first. */
const itemsOf = (item: Item | undefined): Item[] =>
  item ? [item, ...(item.items ?? []).flatMap((child) => itemsOf(child))] : [];

const quantityOf = (item: Item): string | undefined =>
  item.search_quantity ??
  (typeof item.x === 'object' && item.x !== null
    ? (item.x as { search_quantity?: string }).search_quantity
    : undefined);

/** The search quantities an app's menu, columns and dashboard name, as entry quantities. */
const quantitiesOf = (app: AppConfig): string[] => {
  const material = (name: string) =>
    app.resource === 'materials' && !known.has(name) ? `results.material.${name}` : name;
  return [
    ...itemsOf(app.menu as Item).flatMap((item) => quantityOf(item) ?? []),
    ...(app.columns ?? []).map((column) => material(column.search_quantity)),
    ...(app.dashboard?.widgets ?? []).flatMap((widget) => quantityOf(widget as Item) ?? []),
  ];
};

describe("NOMAD's default apps", () => {
  const apps = defaultApps.options;

  it('are offered besides the entries app, each a valid app config', () => {
    expect(Object.keys(apps)).toEqual(['entries', ...NOMAD_APPS]);
    for (const name of NOMAD_APPS) {
      const errors = [...Value.Errors(AppConfigSchema, apps[name])].map(
        (e) => `${name}${e.path}: ${e.message}`,
      );
      expect(errors).toEqual([]);
    }
    expect(apps.materials).toMatchObject({ resource: 'materials', path: 'materials' });
    expect(apps.eels?.filters_locked).toEqual({ 'results.method.method_name': 'EELS' });
  });

  it('use only search quantities this server indexes', () => {
    for (const name of NOMAD_APPS) {
      const unknown = quantitiesOf(apps[name]!).filter(
        (quantity) => !known.has(quantity) && !['authors', 'datasets'].includes(quantity),
      );
      expect([name, unknown]).toEqual([name, []]);
    }
  });

  it.skipIf(!existsSync(nomadEnv))("have the menus, columns and dashboards of NOMAD's env.json", () => {
    const nomad = (
      JSON.parse(readFileSync(nomadEnv, 'utf8')) as { ui: { apps: { options: Record<string, AppConfig> } } }
    ).ui.apps.options;
    // NOMAD's GUI-only filters: property groups are options of available_properties here; combining
    // materials from several entries is a GUI switch other GUIs lack.
    const asHere = (quantity: string) =>
      /^(electronic|vibrational|mechanical)_properties$/.test(quantity)
        ? 'results.properties.available_properties'
        : quantity;
    for (const name of NOMAD_APPS) {
      const ours = apps[name]!;
      const theirs = nomad[name]!;
      const titles = (app: AppConfig) => itemsOf(app.menu as Item).flatMap((item) => item.title ?? []);
      expect([name, titles(ours).filter((t) => !t.endsWith(' properties'))]).toEqual([name, titles(theirs)]);
      const distinct = (list: string[]) => [...new Set(list)].sort();
      expect([name, distinct(quantitiesOf(ours))]).toEqual([
        name,
        distinct(
          quantitiesOf(theirs)
            .map(asHere)
            .filter((quantity) => quantity !== 'combine'),
        ),
      ]);
      const columns = (app: AppConfig) =>
        (app.columns ?? []).map((c) => [c.search_quantity, c.selected, c.title]);
      expect(columns(ours)).toEqual(columns(theirs));
      const widgets = (app: AppConfig) =>
        (app.dashboard?.widgets ?? []).map((w) => [
          quantityOf(w as Item),
          (w as { scale?: string }).scale,
          w.layout,
        ]);
      expect(widgets(ours)).toEqual(widgets(theirs));
      expect([ours.filters, ours.filters_locked, ours.search_syntaxes, ours.pagination]).toEqual([
        theirs.filters,
        theirs.filters_locked,
        theirs.search_syntaxes,
        theirs.pagination,
      ]);
    }
  });
});
