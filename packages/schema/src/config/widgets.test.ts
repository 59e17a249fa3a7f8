import { describe, expect, it } from 'vitest';
import { withDefaults } from './defaults.ts';
import { formEntries, withoutEmptySections } from './fields.ts';
import { configProblems, problemLine } from './problems.ts';
import { firstWidgetError, parseWidget } from './widget-parse.ts';
import { WIDGET_TYPES, widgetSchema, WidgetSchema } from './widgets.ts';

const errorsOf = (raw: unknown, mode: 'form' | 'config' = 'form') => {
  const result = parseWidget(raw, mode);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.config)}`);
  return result.errors;
};

const layout = { lg: { x: 0, y: 0, w: 6, h: 9, minW: 3, minH: 3 } };
const scatter = { type: 'scatter_plot', x: { search_quantity: 'a' }, y: { search_quantity: 'b' } };

describe('a widget in a form or an imported YAML', () => {
  it.each([
    [
      'terms without quantity',
      { type: 'terms', scale: 'linear' },
      'search_quantity',
      'Search quantity required',
    ],
    [
      'terms with an empty quantity',
      { type: 'terms', search_quantity: '', scale: 'linear' },
      'search_quantity',
      'Search quantity required',
    ],
    ['terms without scale', { type: 'terms', search_quantity: 'a' }, 'scale', 'Scale required'],
    [
      'terms with an empty scale',
      { type: 'terms', search_quantity: 'a', scale: '' },
      'scale',
      'Scale required',
    ],
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
      'x',
      'Search quantity required',
    ],
    [
      'scatter with an empty y',
      { ...scatter, y: { search_quantity: '' }, size: 1000 },
      'y.search_quantity',
      'Search quantity required',
    ],
    ['scatter without size', scatter, 'size', 'Size required'],
    ['scatter with text size', { ...scatter, size: '10' }, 'size', 'Size must be an integer'],
    [
      'scatter with bad drag mode',
      { ...scatter, size: 10, drag_mode: 'lasso' },
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
      'layout.xs is not allowed here (expected one of sm, md, lg, xl, xxl)',
    ],
  ])('%s', (_name, raw, path, message) => {
    expect(errorsOf(raw)[path]).toBe(message);
  });

  it('accepts every field of each type, resolves the aliases and drops what is not a widget field', () => {
    expect(
      parseWidget(
        {
          type: 'scatterplot',
          title: 'Solar cells',
          x: { search_quantity: 'a', title: 'A', unit: 'eV', scale: 'log' },
          y: 'b',
          markers: { color: { search_quantity: 'c', unit: 'K' } },
          size: 100,
          autorange: false,
          drag_mode: 'select',
          layout: { xxl: { x: Infinity, y: 0, w: 9, h: 6, minW: 3, minH: 3 } },
          id: '123',
          editing: true,
          visible: false,
        },
        'form',
      ),
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
    expect(
      parseWidget({ type: 'periodictable', search_quantity: 'e', scale: '1/8', title: '' }, 'form'),
    ).toEqual({
      ok: true,
      config: { type: 'periodic_table', search_quantity: 'e', scale: '1/8' },
    });
    expect(
      parseWidget(
        { type: 'terms', search_quantity: 'a', scale: '1/2', show_input: false, query_mode: 'and', layout },
        'form',
      ),
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
      parseWidget(
        {
          type: 'histogram',
          x: { search_quantity: 'a', unit: 'eV' },
          y: { scale: 'log' },
          nbins: 20,
          show_input: false,
        },
        'form',
      ),
    ).toEqual({
      ok: true,
      config: {
        type: 'histogram',
        x: { search_quantity: 'a', unit: 'eV' },
        y: { scale: 'log' },
        nbins: 20,
        autorange: false,
        show_input: false,
      },
    });
  });

  it('rejects anything that is not an object', () => {
    expect(errorsOf('terms')).toEqual({ '': 'A widget must be an object' });
    expect(errorsOf([])).toEqual({ '': 'A widget must be an object' });
  });

  it('names the field of the first error', () => {
    expect(firstWidgetError(errorsOf({ type: 'terms', scale: 'linear' }))).toBe(
      'search_quantity: Search quantity required',
    );
    expect(
      firstWidgetError(errorsOf({ type: 'terms', search_quantity: 'a', scale: 'log', layout: { lg: 1 } })),
    ).toBe('layout.lg must be an object');
  });
});

describe('a widget of an app config', () => {
  it('gets the defaults of spec 2 §9 for what it leaves out', () => {
    const parsed = (raw: unknown) => {
      const result = parseWidget(raw, 'config');
      return result.ok ? result.config : result.errors;
    };
    expect(parsed({ type: 'terms', search_quantity: 'a' })).toEqual({
      type: 'terms',
      search_quantity: 'a',
      scale: 'linear',
      show_input: true,
    });
    expect(parsed({ type: 'periodic_table' })).toEqual({
      type: 'periodic_table',
      search_quantity: 'results.material.elements',
      scale: 'linear',
    });
    expect(parsed({ type: 'histogram', x: 'n', layout: { sm: { x: 0, y: 0, w: 4, h: 3 } } })).toEqual({
      type: 'histogram',
      x: { search_quantity: 'n' },
      y: { scale: 'linear' },
      nbins: 30,
      autorange: false,
      show_input: true,
      layout: { sm: { x: 0, y: 0, w: 4, h: 3, minW: 3, minH: 3 } },
    });
    expect(parsed({ type: 'scatter_plot', x: 'a', y: 'b' })).toEqual({
      type: 'scatter_plot',
      x: { search_quantity: 'a' },
      y: { search_quantity: 'b' },
      size: 1000,
      drag_mode: 'zoom',
      autorange: true,
    });
    // A default does not hide a wrong value.
    expect(parsed({ type: 'histogram', x: 'n', nbins: 0 })).toEqual({ nbins: 'nbins must be at least 1' });
  });
});

describe('the edit forms generated from the widget declarations', () => {
  const form = (type: string) =>
    formEntries(widgetSchema(type)!).map((entry) =>
      entry.kind === 'heading'
        ? `# ${entry.label}`
        : `${entry.path}: ${entry.form.editor} ${entry.form.label}`,
    );

  it('lists the fields in declaration order, sections headed', () => {
    expect(form('terms')).toEqual([
      'search_quantity: quantity Search quantity',
      'title: text Title',
      'scale: select Statistics scaling',
      'query_mode: select Query mode',
      'show_input: checkbox Show input field',
    ]);
    expect(form('histogram')).toEqual([
      'title: text Title',
      '# X axis',
      'x.search_quantity: quantity Search quantity',
      'x.title: text Title',
      'x.unit: unit Unit',
      '# Y axis',
      'y.scale: select Statistics scaling',
      'nbins: select Number of bins',
      'autorange: checkbox Autorange',
      'show_input: checkbox Show input fields',
    ]);
    expect(form('scatterplot')).toEqual([
      'title: text Title',
      '# X axis',
      'x.search_quantity: quantity Search quantity',
      'x.title: text Title',
      'x.unit: unit Unit',
      'x.scale: select Scale',
      '# Y axis',
      'y.search_quantity: quantity Search quantity',
      'y.title: text Title',
      'y.unit: unit Unit',
      'y.scale: select Scale',
      '# Marker color',
      'markers.color.search_quantity: quantity Search quantity',
      'markers.color.title: text Title',
      'markers.color.unit: unit Unit',
      'size: select Maximum number of entries to load',
      'drag_mode: select Drag mode',
      'autorange: checkbox Autorange',
    ]);
    expect(form('periodic_table')).toEqual([
      'search_quantity: quantity Search quantity',
      'title: text Title',
      'scale: select Statistics scaling',
    ]);
  });

  it('offers the choices, defaults and quantity types of spec 2 §5 and §9', () => {
    const fields = Object.fromEntries(
      formEntries(widgetSchema('scatter_plot')!).flatMap((entry) =>
        entry.kind === 'field' ? [[entry.path, entry]] : [],
      ),
    );
    expect(fields.size).toMatchObject({ choices: [100, 1000, 10000], default: 1000, optional: false });
    expect(fields.drag_mode).toMatchObject({ choices: ['zoom', 'pan', 'select'], default: 'zoom' });
    expect(fields['x.unit']).toMatchObject({ quantityPath: 'x.search_quantity' });
    expect(fields['x.search_quantity']).toMatchObject({
      optional: false,
      form: { dtypes: ['int', 'float', 'timestamp'], accept: 'Please specify a value' },
    });
    expect(fields['markers.color.search_quantity']).toMatchObject({
      optional: true,
      form: { dtypes: ['string', 'enum', 'float', 'int'] },
    });
    const histogram = formEntries(widgetSchema('histogram')!).find((entry) => entry.path === 'nbins');
    expect(histogram).toMatchObject({ choices: [10, 20, 30, 40, 50], default: 30 });
    expect(WIDGET_TYPES).toEqual([
      { type: 'terms', aliases: [], label: 'Terms', size: { w: 6, h: 9 } },
      { type: 'histogram', aliases: [], label: 'Histogram', size: { w: 8, h: 3 } },
      { type: 'scatter_plot', aliases: ['scatterplot'], label: 'Scatter plot', size: { w: 9, h: 6 } },
      { type: 'periodic_table', aliases: ['periodictable'], label: 'Periodic table', size: { w: 12, h: 9 } },
    ]);
  });

  it('drops an optional section the form left without its quantity', () => {
    const schema = widgetSchema('scatter_plot')!;
    expect(withoutEmptySections(schema, { ...scatter, markers: { color: { title: 'T' } } })).toEqual(scatter);
    expect(
      withoutEmptySections(schema, { ...scatter, markers: { color: { search_quantity: 'c' } } }),
    ).toEqual({
      ...scatter,
      markers: { color: { search_quantity: 'c' } },
    });
  });

  it('fills defaults without touching the value it was given', () => {
    const raw = { type: 'histogram', x: 'n', y: {} };
    expect(withDefaults(widgetSchema('histogram')!, raw)).toMatchObject({
      y: { scale: 'linear' },
      nbins: 30,
    });
    expect(raw).toEqual({ type: 'histogram', x: 'n', y: {} });
  });
});

describe('problems of a widget list', () => {
  it('explain a union by the member the value means', () => {
    const widgets = [
      { type: 'pie' },
      { type: 'terms', search_quantity: 'a', scale: 'sqrt' },
      { scale: 'log' },
      3,
    ];
    expect(widgets.map((widget) => configProblems(WidgetSchema, widget, 'config').map(problemLine))).toEqual([
      [
        'type: expected one of terms, histogram, scatter_plot, scatterplot, periodic_table, periodictable, got "pie"',
      ],
      ['scale: expected one of linear, log, 1/2, 1/4, 1/8, got "sqrt"'],
      [
        'type: missing, expected one of terms, histogram, scatter_plot, scatterplot, periodic_table, periodictable',
      ],
      ['(top level): expected an object, got 3'],
    ]);
  });
});
