import { describe, expect, it } from 'vitest';
import { parseWidgetConfig, firstError } from './schema.ts';

const errorsOf = (raw: unknown) => {
  const result = parseWidgetConfig(raw);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.config)}`);
  return result.errors;
};

const layout = { lg: { x: 0, y: 0, w: 6, h: 9, minW: 3, minH: 3 } };

describe('parseWidgetConfig', () => {
  it.each([
    [
      'terms without quantity',
      { type: 'terms', scale: 'linear' },
      'search_quantity',
      'Search quantity required',
    ],
    ['terms without scale', { type: 'terms', search_quantity: 'a' }, 'scale', 'Scale required'],
    [
      'terms with unknown scale',
      { type: 'terms', search_quantity: 'a', scale: 'sqrt' },
      'scale',
      'Invalid scaling type.',
    ],
    [
      'periodic table without quantity',
      { type: 'periodic_table', scale: 'log' },
      'search_quantity',
      'Search quantity required',
    ],
    [
      'periodic table without scale',
      { type: 'periodic_table', search_quantity: 'e' },
      'scale',
      'Scale required',
    ],
    [
      'histogram without x',
      { type: 'histogram', y: { scale: 'linear' }, nbins: 30 },
      'x',
      'X-axis configuration required',
    ],
    [
      'histogram without y',
      { type: 'histogram', x: { search_quantity: 'a' }, nbins: 30 },
      'y',
      'Y-axis configuration required',
    ],
    [
      'histogram with empty x',
      { type: 'histogram', x: {}, y: { scale: 'linear' }, nbins: 30 },
      'x.search_quantity',
      'Search quantity required',
    ],
    [
      'histogram without y scale',
      { type: 'histogram', x: { search_quantity: 'a' }, y: {}, nbins: 30 },
      'y.scale',
      'Scale required',
    ],
    [
      'histogram without nbins',
      { type: 'histogram', x: { search_quantity: 'a' }, y: { scale: 'linear' } },
      'nbins',
      'nbins required',
    ],
    [
      'histogram with fractional nbins',
      { type: 'histogram', x: { search_quantity: 'a' }, y: { scale: 'linear' }, nbins: 2.5 },
      'nbins',
      'nbins must be an integer',
    ],
    [
      'scatter without x',
      { type: 'scatter_plot', y: { search_quantity: 'b' }, size: 1000 },
      'x.search_quantity',
      'Search quantity required',
    ],
    [
      'scatter without y',
      { type: 'scatter_plot', x: { search_quantity: 'a' }, size: 1000 },
      'y.search_quantity',
      'Search quantity required',
    ],
    [
      'scatter without size',
      { type: 'scatter_plot', x: { search_quantity: 'a' }, y: { search_quantity: 'b' } },
      'size',
      'Size required',
    ],
    [
      'scatter with text size',
      { type: 'scatter_plot', x: { search_quantity: 'a' }, y: { search_quantity: 'b' }, size: '10' },
      'size',
      'Size must be an integer',
    ],
    [
      'scatter with bad drag mode',
      {
        type: 'scatter_plot',
        x: { search_quantity: 'a' },
        y: { search_quantity: 'b' },
        size: 10,
        drag_mode: 'lasso',
      },
      'drag_mode',
      'drag_mode must be one of zoom, pan, select',
    ],
    [
      'terms with bad query mode',
      { type: 'terms', search_quantity: 'a', scale: 'log', query_mode: 'xor' },
      'query_mode',
      'query_mode must be one of and, or',
    ],
    ['unknown type', { type: 'pie' }, 'type', 'Unknown widget type "pie"'],
    ['missing type', { search_quantity: 'a' }, 'type', 'Widget type required'],
    [
      'fractional layout',
      { type: 'terms', search_quantity: 'a', scale: 'log', layout: { lg: { ...layout.lg, w: 1.5 } } },
      'layout.lg.w',
      'layout.lg.w must be an integer',
    ],
    [
      'infinite y',
      { type: 'terms', search_quantity: 'a', scale: 'log', layout: { lg: { ...layout.lg, y: Infinity } } },
      'layout.lg.y',
      'layout.lg.y must be an integer',
    ],
    [
      'unknown breakpoint',
      { type: 'terms', search_quantity: 'a', scale: 'log', layout: { xs: layout.lg } },
      'layout.xs',
      'layout.xs is not a breakpoint (sm, md, lg, xl, xxl)',
    ],
  ])('%s', (_name, raw, path, message) => {
    expect(errorsOf(raw)[path]).toBe(message);
  });

  it('accepts every field of each type and resolves the aliases', () => {
    expect(
      parseWidgetConfig({
        type: 'scatterplot',
        title: 'Solar cells',
        x: { search_quantity: 'a', title: 'A', unit: 'eV', scale: 'log' },
        y: { search_quantity: 'b' },
        markers: { color: { search_quantity: 'c', unit: 'K' } },
        size: 100,
        autorange: false,
        drag_mode: 'select',
        layout: { xxl: { x: Infinity, y: 0, w: 9, h: 6, minW: 3, minH: 3 } },
        id: '123',
        editing: true,
        visible: false,
      }),
    ).toEqual({
      ok: true,
      config: {
        type: 'scatter_plot',
        title: 'Solar cells',
        x: { search_quantity: 'a', title: 'A', unit: 'eV', scale: 'log' },
        y: { search_quantity: 'b' },
        markers: { color: { search_quantity: 'c', unit: 'K' } },
        size: 100,
        autorange: false,
        drag_mode: 'select',
        layout: { xxl: { x: Infinity, y: 0, w: 9, h: 6, minW: 3, minH: 3 } },
      },
    });
    expect(parseWidgetConfig({ type: 'periodictable', search_quantity: 'e', scale: '1/8' })).toEqual({
      ok: true,
      config: { type: 'periodic_table', search_quantity: 'e', scale: '1/8' },
    });
    expect(
      parseWidgetConfig({
        type: 'terms',
        search_quantity: 'a',
        scale: '1/2',
        show_input: false,
        query_mode: 'and',
        layout,
      }),
    ).toEqual({
      ok: true,
      config: {
        type: 'terms',
        search_quantity: 'a',
        scale: '1/2',
        show_input: false,
        query_mode: 'and',
        layout,
      },
    });
    expect(
      parseWidgetConfig({
        type: 'histogram',
        x: { search_quantity: 'a', unit: 'eV' },
        y: { scale: 'log' },
        nbins: 20,
        autorange: true,
        show_input: false,
      }),
    ).toMatchObject({ ok: true, config: { type: 'histogram', nbins: 20, y: { scale: 'log' } } });
  });

  it('rejects anything that is not an object', () => {
    expect(errorsOf('terms')).toEqual({ '': 'A widget must be an object' });
    expect(errorsOf([])).toEqual({ '': 'A widget must be an object' });
  });

  it('names the field of the first error', () => {
    expect(firstError(errorsOf({ type: 'terms', scale: 'linear' }))).toBe(
      'search_quantity: Search quantity required',
    );
    expect(
      firstError(errorsOf({ type: 'terms', search_quantity: 'a', scale: 'log', layout: { lg: 1 } })),
    ).toBe('layout.lg must be an object');
  });
});
