import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { AppConfigSchema, MenuItemSchema } from './apps.ts';

const envPath = path.resolve(import.meta.dirname, '../../../../../shared/nomad-reference/env.json');
const haveEnv = existsSync(envPath);

const minimal = { label: 'Entries', path: 'entries', resource: 'entries', category: 'All' };

describe.skipIf(!haveEnv)(`NOMAD's ui.apps (needs ${envPath})`, () => {
  const apps = haveEnv
    ? (JSON.parse(readFileSync(envPath, 'utf8')) as { ui: { apps: { options: Record<string, unknown> } } }).ui
        .apps.options
    : {};

  it('has the five apps', () => {
    expect(Object.keys(apps).sort()).toEqual(['calculations', 'eels', 'eln', 'entries', 'materials']);
  });

  it.each(Object.keys(apps))('validates the %s app', (name) => {
    const errors = [...Value.Errors(AppConfigSchema, apps[name])].map(
      (error) => `${error.path}: ${error.message}`,
    );
    expect(errors).toEqual([]);
  });
});

describe('app config', () => {
  it('accepts every menu item type, nested', () => {
    const menu = {
      type: 'menu',
      title: 'Filters',
      items: [
        { type: 'terms', search_quantity: 'results.method.simulation.program_name', options: 5 },
        {
          type: 'terms',
          search_quantity: 'results.method.method_name',
          options: { DFT: { label: 'Search DFT entries' } },
        },
        { type: 'histogram', x: { search_quantity: 'results.material.n_elements' } },
        { type: 'periodic_table', search_quantity: 'results.material.elements' },
        {
          type: 'nested_object',
          path: 'results.material.topology',
          items: [{ type: 'terms', search_quantity: 'x.y' }],
        },
        { type: 'visibility' },
        { type: 'definitions' },
        { type: 'optimade' },
        { type: 'custom_quantities' },
        { type: 'menu', title: 'Sub', size: 'xxl', items: [{ type: 'visibility' }] },
      ],
    };
    expect(Value.Check(AppConfigSchema, { ...minimal, menu })).toBe(true);
  });

  it('rejects an unknown menu item type, also deep inside sub-menus', () => {
    expect(Value.Check(MenuItemSchema, { type: 'slider' })).toBe(false);
    const menu = {
      type: 'menu',
      items: [{ type: 'menu', items: [{ type: 'slider', search_quantity: 'a' }] }],
    };
    expect(Value.Check(AppConfigSchema, { ...minimal, menu })).toBe(false);
  });

  it('rejects a terms item without its quantity and an unknown widget type', () => {
    expect(Value.Check(MenuItemSchema, { type: 'terms' })).toBe(false);
    const dashboard = { widgets: [{ type: 'pie', search_quantity: 'a' }] };
    expect(Value.Check(AppConfigSchema, { ...minimal, dashboard })).toBe(false);
    const widgets = [
      { type: 'periodictable', search_quantity: 'results.material.elements', scale: 'linear' },
    ];
    expect(Value.Check(AppConfigSchema, { ...minimal, dashboard: { widgets } })).toBe(true);
  });
});
