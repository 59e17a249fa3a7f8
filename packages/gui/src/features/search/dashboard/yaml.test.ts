import type { WidgetConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { dashboardFromYaml, dashboardToYaml } from './yaml.ts';

const widgets: WidgetConfig[] = [
  {
    type: 'histogram',
    x: { search_quantity: 'results.material.n_elements' },
    y: { scale: 'linear' },
    nbins: 30,
    autorange: false,
    show_input: true,
    layout: { lg: { x: Infinity, y: 0, w: 8, h: 3, minW: 3, minH: 3 } },
  },
  { type: 'periodic_table', search_quantity: 'results.material.elements', scale: '1/2' },
];

describe('dashboard YAML', () => {
  it('round-trips the widgets, infinite x included', () => {
    const text = dashboardToYaml(widgets);
    expect(text).toMatch(/^widgets:\n {2}- type: histogram/);
    expect(text).toContain('x: .inf');
    expect(dashboardFromYaml(text)).toEqual({ ok: true, widgets });
  });

  it('accepts a bare list and the type aliases', () => {
    expect(
      dashboardFromYaml(
        '- type: periodictable\n  search_quantity: results.material.elements\n  scale: log\n',
      ),
    ).toEqual({
      ok: true,
      widgets: [{ type: 'periodic_table', search_quantity: 'results.material.elements', scale: 'log' }],
    });
  });

  it('says when the text is not YAML', () => {
    const result = dashboardFromYaml('widgets: [\n  - a: b: c');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^This is not YAML: /);
  });

  it('reports the first widget that fails its schema, and imports nothing', () => {
    expect(
      dashboardFromYaml(
        'widgets:\n  - type: terms\n    search_quantity: a\n    scale: log\n  - type: histogram\n    x:\n      search_quantity: b\n    y:\n      scale: linear\n    nbins: 2.5\n',
      ),
    ).toEqual({ ok: false, error: 'Widget 2: nbins must be an integer' });
    expect(dashboardFromYaml('- {type: terms, search_quantity: a}\n')).toEqual({
      ok: false,
      error: 'Widget 1: scale: Scale required',
    });
    expect(dashboardFromYaml('widgets:\n  - type: pie\n')).toEqual({
      ok: false,
      error: 'Widget 1: type: Unknown widget type "pie"',
    });
    expect(dashboardFromYaml('widgets: 3')).toEqual({
      ok: false,
      error: 'Expected a list of widgets under "widgets".',
    });
  });
});
