import type { WidgetConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../context/index.ts';
import { allowedQuantities, formErrors, quantityInputError, unitInputError } from './formValidation.ts';
import { quantityFields } from './widgetConfig.ts';

const definition = (
  quantity: string,
  dtype: FilterDefinition['dtype'],
  extra: Partial<FilterDefinition> = {},
): FilterDefinition => ({
  quantity,
  label: quantity,
  dtype,
  aggregatable: true,
  multiple: true,
  suggestion: false,
  exclusive: false,
  list: false,
  ...extra,
});

const definitions: Record<string, FilterDefinition> = Object.fromEntries(
  [
    definition('program', 'string'),
    definition('structural_type', 'enum'),
    definition('spin_polarized', 'boolean'),
    definition('comment', 'string', { aggregatable: false }),
    definition('n_elements', 'int'),
    definition('band_gap', 'float', { unit: 'joule', dimension: 'energy', aggregatable: false }),
    definition('upload_create_time', 'timestamp'),
  ].map((item) => [item.quantity, item]),
);

const none = { touched: new Set<string>(), submitted: false };
const submitted = { touched: new Set<string>(), submitted: true };

describe('allowed quantities', () => {
  const [terms] = quantityFields('terms');
  const [table] = quantityFields('periodic_table');
  const [histogramX] = quantityFields('histogram');
  const [scatterX, scatterY, color] = quantityFields('scatter_plot');

  it.each([
    ['terms: aggregatable string, enum, boolean', terms, ['program', 'spin_polarized', 'structural_type']],
    ['periodic table: aggregatable string, enum', table, ['program', 'structural_type']],
    ['histogram x: float, int, timestamp', histogramX, ['band_gap', 'n_elements', 'upload_create_time']],
    ['scatter x: int, float, timestamp', scatterX, ['band_gap', 'n_elements', 'upload_create_time']],
    ['scatter y: int, float, timestamp', scatterY, ['band_gap', 'n_elements', 'upload_create_time']],
    [
      'scatter colour: string, enum, float, int',
      color,
      ['band_gap', 'comment', 'n_elements', 'program', 'structural_type'],
    ],
  ])('%s', (_name, field, expected) => {
    expect(allowedQuantities(field!, definitions)).toEqual(expected);
  });

  it('explains an empty or unavailable quantity', () => {
    expect(quantityInputError('', terms!, definitions)).toBe('Please specify a value.');
    expect(quantityInputError('', color!, definitions)).toBeUndefined();
    expect(quantityInputError('comment', terms!, definitions)).toBe(
      'The quantity "comment" is not available.',
    );
    expect(quantityInputError('band_gap', terms!, definitions)).toBe(
      'The quantity "band_gap" is not available.',
    );
    expect(quantityInputError('nope', histogramX!, definitions)).toBe(
      'The quantity "nope" is not available.',
    );
    expect(quantityInputError('band_gap', histogramX!, definitions)).toBeUndefined();
  });
});

describe('unit input', () => {
  it('accepts an empty unit or one of the quantity dimension', () => {
    expect(unitInputError('', definitions.band_gap)).toBeUndefined();
    expect(unitInputError('eV', definitions.band_gap)).toBeUndefined();
    expect(unitInputError('meter', definitions.band_gap)).toBe(
      'Unit "meter" is incompatible with dimension "energy".',
    );
    expect(unitInputError('foo', definitions.band_gap)).toBe('Unit "foo" not found.');
    expect(unitInputError('eV', definitions.n_elements)).toBe(
      'Unit "eV" is incompatible with dimension "dimensionless".',
    );
  });
});

describe('formErrors', () => {
  const terms: WidgetConfig = { type: 'terms', search_quantity: '', scale: 'linear', show_input: true };
  const scatter: WidgetConfig = {
    type: 'scatter_plot',
    x: { search_quantity: '' },
    y: { search_quantity: 'n_elements' },
    size: 1000,
    drag_mode: 'zoom',
    autorange: true,
  };
  const histogram: WidgetConfig = {
    type: 'histogram',
    x: { search_quantity: 'band_gap', unit: 'eV' },
    y: { scale: 'linear' },
    nbins: 30,
    autorange: false,
    show_input: true,
  };

  it('shows nothing for an untouched new widget, the input text once touched, the schema text on accept', () => {
    expect(formErrors(terms, definitions, none)).toEqual({});
    expect(
      formErrors(terms, definitions, { touched: new Set(['search_quantity']), submitted: false }),
    ).toEqual({
      search_quantity: 'Please specify a value.',
    });
    expect(formErrors(terms, definitions, submitted)).toEqual({
      search_quantity: 'Search quantity required',
    });
    expect(
      formErrors({ type: 'periodic_table', search_quantity: '', scale: 'linear' }, definitions, submitted),
    ).toEqual({
      search_quantity: 'Search quantity required',
    });
    expect(formErrors({ ...histogram, x: { search_quantity: '' } }, definitions, submitted)).toEqual({
      'x.search_quantity': 'Search quantity required',
    });
  });

  it("says 'Please specify a value' when a scatter plot without x or y is accepted", () => {
    expect(formErrors(scatter, definitions, none)).toEqual({});
    expect(formErrors(scatter, definitions, submitted)).toEqual({
      'x.search_quantity': 'Please specify a value',
    });
    expect(
      formErrors(
        { ...scatter, x: { search_quantity: 'band_gap' }, y: { search_quantity: '' } },
        definitions,
        submitted,
      ),
    ).toEqual({ 'y.search_quantity': 'Please specify a value' });
  });

  it('reports unavailable quantities, bad units and the other schema errors at once', () => {
    expect(formErrors({ ...terms, search_quantity: 'band_gap' }, definitions, none)).toEqual({
      search_quantity: 'The quantity "band_gap" is not available.',
    });
    expect(formErrors(histogram, definitions, none)).toEqual({});
    expect(
      formErrors({ ...histogram, x: { search_quantity: 'band_gap', unit: 'm' } }, definitions, none),
    ).toEqual({
      'x.unit': 'Unit "m" is incompatible with dimension "energy".',
    });
    expect(formErrors({ ...histogram, nbins: 2.5 }, definitions, none)).toEqual({
      nbins: 'nbins must be an integer',
    });
    expect(
      formErrors({ ...histogram, nbins: undefined } as unknown as WidgetConfig, definitions, none),
    ).toEqual({
      nbins: 'nbins required',
    });
    expect(formErrors({ ...scatter, size: Number.NaN }, definitions, none)).toEqual({
      size: 'Size must be an integer',
    });
    expect(formErrors({ ...scatter, size: undefined } as unknown as WidgetConfig, definitions, none)).toEqual(
      {
        size: 'Size required',
      },
    );
    expect(
      formErrors(
        { ...terms, search_quantity: 'program', scale: '' } as unknown as WidgetConfig,
        definitions,
        none,
      ),
    ).toEqual({
      scale: 'Scale required',
    });
    expect(
      formErrors(
        { type: 'histogram', x: { search_quantity: 'n_elements' }, nbins: 30 } as unknown as WidgetConfig,
        definitions,
        none,
      ),
    ).toEqual({ y: 'Y-axis configuration required' });
  });
});
