import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../context/types.ts';
import { mergedValue, parseSearchQuery, type QueryContext } from './query.ts';
import { allowedSyntaxes, type SyntaxType } from './syntaxes.ts';

const def = (quantity: string, extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  quantity,
  label: quantity,
  dtype: 'string',
  aggregatable: true,
  multiple: true,
  suggestion: false,
  exclusive: false,
  list: false,
  ...extra,
});

const BAND_GAP = 'results.properties.electronic.band_structure_electronic.band_gap.value';
const definitions: Record<string, FilterDefinition> = {
  'results.material.elements': def('results.material.elements', { dtype: 'enum' }),
  'results.material.n_elements': def('results.material.n_elements', { dtype: 'int', multiple: false }),
  'results.material.structural_type': def('results.material.structural_type', {
    dtype: 'enum',
    options: ['bulk', '2D', 'surface'],
  }),
  'results.method.simulation.program_name': def('results.method.simulation.program_name'),
  'results.properties.electronic.band_structure_electronic.spin_polarized': def(
    'results.properties.electronic.band_structure_electronic.spin_polarized',
    { dtype: 'boolean' },
  ),
  [BAND_GAP]: def(BAND_GAP, { dtype: 'float', unit: 'joule', dimension: 'energy', multiple: false }),
  'results.properties.geometry_optimization.final_energy_difference': def(
    'results.properties.geometry_optimization.final_energy_difference',
    { dtype: 'float', unit: 'joule', multiple: false },
  ),
  upload_create_time: def('upload_create_time', { dtype: 'timestamp', multiple: false }),
  'authors.name': def('authors.name'),
  quantities: def('quantities'),
  text_search_contents: def('text_search_contents'),
};

const all: ReadonlySet<SyntaxType> = allowedSyntaxes({});
const context: QueryContext = { definitions, allowed: all };
const parse = (input: string, ctx: QueryContext = context) => parseSearchQuery(input, ctx);
const eV = 1.602176634e-19;

describe('parseSearchQuery: the five syntaxes', () => {
  it.each([
    ['authors.name = *', 'existence', 'quantities', ['authors.name'], 'authors.name = *'],
    ['results.material  =*', 'existence', 'quantities', ['results.material'], 'results.material = *'],
    [
      'results.method.simulation.program_name = VASP',
      'equality',
      'results.method.simulation.program_name',
      ['VASP'],
      'results.method.simulation.program_name = VASP',
    ],
    ['authors.name=John  Doe', 'equality', 'authors.name', ['John  Doe'], 'authors.name = John  Doe'],
    ['results.material.n_elements = 2', 'equality', 'results.material.n_elements', [2], null],
    [
      'results.material.structural_type = bulk',
      'equality',
      'results.material.structural_type',
      ['bulk'],
      null,
    ],
    [
      'results.properties.electronic.band_structure_electronic.spin_polarized = TRUE',
      'equality',
      'results.properties.electronic.band_structure_electronic.spin_polarized',
      [true],
      null,
    ],
    [
      'results.properties.electronic.band_structure_electronic.spin_polarized = False',
      'equality',
      'results.properties.electronic.band_structure_electronic.spin_polarized',
      [false],
      null,
    ],
    ['results.material.n_elements > 2', 'range_half_bounded', 'results.material.n_elements', { gt: 2 }, null],
    [
      'results.material.n_elements >= 2',
      'range_half_bounded',
      'results.material.n_elements',
      { gte: 2 },
      null,
    ],
    ['results.material.n_elements < 2', 'range_half_bounded', 'results.material.n_elements', { lt: 2 }, null],
    [
      'results.material.n_elements<=2',
      'range_half_bounded',
      'results.material.n_elements',
      { lte: 2 },
      'results.material.n_elements <= 2',
    ],
    // The numeric side decides the direction: '5 < x' is 'x > 5'.
    ['5 < results.material.n_elements', 'range_half_bounded', 'results.material.n_elements', { gt: 5 }, null],
    [
      '5 <= results.material.n_elements',
      'range_half_bounded',
      'results.material.n_elements',
      { gte: 5 },
      null,
    ],
    ['5 > results.material.n_elements', 'range_half_bounded', 'results.material.n_elements', { lt: 5 }, null],
    [
      '5 >= results.material.n_elements',
      'range_half_bounded',
      'results.material.n_elements',
      { lte: 5 },
      null,
    ],
    [
      '0 <= results.material.n_elements <= 2',
      'range_bounded',
      'results.material.n_elements',
      { gte: 0, lte: 2 },
      '0 <= results.material.n_elements <= 2',
    ],
    [
      '0 < results.material.n_elements < 2',
      'range_bounded',
      'results.material.n_elements',
      { gt: 0, lt: 2 },
      null,
    ],
    [
      '4 >= results.material.n_elements > 1',
      'range_bounded',
      'results.material.n_elements',
      { lte: 4, gt: 1 },
      null,
    ],
    ['anything at all', 'free_text', 'text_search_contents', ['anything at all'], 'anything at all'],
    ['  TiO2 solar  ', 'free_text', 'text_search_contents', ['TiO2 solar'], 'TiO2 solar'],
  ])('%s -> %s', (input, type, quantity, value, normalized) => {
    const result = parse(input);
    expect(result.error).toBeUndefined();
    expect(result.query).toEqual({ type, quantity, value, input: normalized ?? input });
  });
});

describe('parseSearchQuery: units', () => {
  it('converts both bounds of a bounded range to the SI unit of the quantity', () => {
    const result = parse(`0.5 eV <= ${BAND_GAP} <= 2 eV`);
    const value = result.query?.value as { gte: number; lte: number };
    expect(value.gte).toBeCloseTo(0.5 * eV, 30);
    expect(value.lte).toBeCloseTo(2 * eV, 30);
    expect(result.query?.input).toBe(`0.5 eV <= ${BAND_GAP} <= 2 eV`);
  });

  it('converts a half-bounded value with unit, also in exponent notation and other energy units', () => {
    const q = 'results.properties.geometry_optimization.final_energy_difference';
    expect((parse(`${q} <= 1e-3 eV`).query?.value as { lte: number }).lte).toBeCloseTo(1e-3 * eV, 35);
    expect((parse(`${q} < 1 meV`).query?.value as { lt: number }).lt).toBeCloseTo(1e-3 * eV, 35);
    expect((parse(`${q} > 2 J`).query?.value as { gt: number }).gt).toBe(2);
  });

  it('takes a number without unit as the stored SI value', () => {
    expect(parse(`${BAND_GAP} > 3e-19`).query?.value).toEqual({ gt: 3e-19 });
  });

  it('reads a number without unit in the displayed unit when one is given', () => {
    const ctx: QueryContext = {
      ...context,
      bareUnitOf: (d) => (d.dimension === 'energy' ? 'electron_volt' : d.unit),
    };
    const value = parse(`1 <= ${BAND_GAP} <= 2000 meV`, ctx).query?.value as { gte: number; lte: number };
    expect(value.gte).toBeCloseTo(eV, 30);
    expect(value.lte).toBeCloseTo(2 * eV, 30);
    // Quantities of other dimensions keep their stored unit; unitless ones stay plain numbers.
    const q = 'results.properties.geometry_optimization.final_energy_difference';
    expect(parse(`${q} < 2`, ctx).query?.value).toEqual({ lt: 2 });
    expect(parse('results.material.n_elements = 3', ctx).query?.value).toEqual([3]);
  });

  it('reads timestamps as ISO strings', () => {
    expect(parse('upload_create_time >= 2024-01-31').query?.value).toEqual({
      gte: '2024-01-31T00:00:00.000Z',
    });
    expect(parse('2023-01-01 < upload_create_time < 2024-01-01T12:00:00Z').query?.value).toEqual({
      gt: '2023-01-01T00:00:00.000Z',
      lt: '2024-01-01T12:00:00.000Z',
    });
  });
});

describe('parseSearchQuery: quantities listed but never filled', () => {
  // The server lists the entry-level band gap (as NOMAD does), but entries' band gaps are in the band structure.
  const ENTRY_GAP = 'results.properties.electronic.band_gap.value';
  const listed: QueryContext = {
    ...context,
    definitions: { ...definitions, [ENTRY_GAP]: { ...definitions[BAND_GAP]!, quantity: ENTRY_GAP } },
  };

  it('searches the band gap where entries have it', () => {
    const { query } = parseSearchQuery(`${ENTRY_GAP} > 1 eV`, listed);
    expect(query?.quantity).toBe(BAND_GAP);
    expect((query?.value as { gt: number }).gt).toBeCloseTo(eV, 30);
    expect(parseSearchQuery('2 > results.properties.electronic.band_gap.value', listed).query?.quantity).toBe(
      BAND_GAP,
    );
    expect(parseSearchQuery('results.properties.electronic.band_gap = *', listed).query?.value).toEqual([
      'results.properties.electronic.band_structure_electronic.band_gap',
    ]);
  });

  it('refuses it with the spec text where the band structure is not searchable either', () => {
    const bare = { ...context, definitions: { [ENTRY_GAP]: listed.definitions[ENTRY_GAP]! } };
    expect(parseSearchQuery('results.properties.electronic.band_gap.type = direct', bare).error).toBe(
      "The quantity 'results.properties.electronic.band_gap.type' is not supported",
    );
  });
});

describe('parseSearchQuery: errors', () => {
  it.each([
    ['foo.bar = 1', "The quantity 'foo.bar' is not supported"],
    ['nonexistent > 2', "The quantity 'nonexistent' is not supported"],
    ['1 < nothing.here < 2', "The quantity 'nothing.here' is not supported"],
    ['no.such.path = *', "The quantity 'no.such.path' is not supported"],
    ['results.material = Si', 'Cannot target metainfo sections'],
    ['results.material > 2', 'Cannot target metainfo sections'],
    ['0 < results.properties < 2', 'Cannot target metainfo sections'],
    [
      'results.material.n_elements = two',
      'Invalid value for the metainfo results.material.n_elements. Please check your syntax.',
    ],
    [
      'results.material.n_elements = 2.5',
      'Invalid value for the metainfo results.material.n_elements. Please check your syntax.',
    ],
    [
      'results.material.n_elements > 2 eV',
      'Invalid value for the metainfo results.material.n_elements. Please check your syntax.',
    ],
    [`${BAND_GAP} > 2 angstrom`, `Invalid value for the metainfo ${BAND_GAP}. Please check your syntax.`],
    [`${BAND_GAP} > 2 furlongs`, `Invalid value for the metainfo ${BAND_GAP}. Please check your syntax.`],
    [
      'results.material.structural_type = crystal',
      'Invalid value for the metainfo results.material.structural_type. Please check your syntax.',
    ],
    [
      'results.method.simulation.program_name > 2',
      'Invalid value for the metainfo results.method.simulation.program_name. Please check your syntax.',
    ],
    [
      'results.properties.electronic.band_structure_electronic.spin_polarized = yes',
      'Invalid value for the metainfo results.properties.electronic.band_structure_electronic.spin_polarized. Please check your syntax.',
    ],
    [
      'upload_create_time > yesterday',
      'Invalid value for the metainfo upload_create_time. Please check your syntax.',
    ],
    ['1 < results.material.n_elements > 2', 'Unsupported query'],
  ])('%s -> %s', (input, error) => {
    expect(parse(input)).toEqual({ error });
  });

  it('gives "Unsupported query" for text of no allowed syntax when free text is excluded', () => {
    const allowed = allowedSyntaxes({ search_syntaxes: { exclude: ['free_text'] } });
    const ctx = { definitions, allowed };
    expect(parse('just some words', ctx)).toEqual({ error: 'Unsupported query' });
    expect(parse('a = b = c', ctx)).toEqual({ error: 'Unsupported query' });
    // The other syntaxes still work.
    expect(parse('results.material.n_elements > 1', ctx).query?.value).toEqual({ gt: 1 });
  });

  it('falls back to free text when the matching syntax is excluded', () => {
    const allowed = allowedSyntaxes({ search_syntaxes: { exclude: ['equality'] } });
    expect(parse('authors.name = Jane', { definitions, allowed }).query).toMatchObject({
      type: 'free_text',
      value: ['authors.name = Jane'],
    });
  });

  it('gives "Unsupported query" for free text and existence when the app has no quantity for them', () => {
    const { text_search_contents: _t, quantities: _q, ...rest } = definitions;
    const ctx = { definitions: rest, allowed: all };
    expect(parse('words', ctx)).toEqual({ error: 'Unsupported query' });
    expect(parse('authors.name = *', ctx)).toEqual({ error: 'Unsupported query' });
  });

  it('gives "Unsupported query" for empty input', () => {
    expect(parse('   ')).toEqual({ error: 'Unsupported query' });
  });

  it('reads the input as the given syntax only', () => {
    expect(parseSearchQuery('authors.name = Jane', context, 'free_text').query?.type).toBe('free_text');
    expect(parseSearchQuery('some words', context, 'equality')).toEqual({ error: 'Unsupported query' });
  });
});

describe('mergedValue', () => {
  const elements = definitions['results.material.elements'];
  const nElements = definitions['results.material.n_elements'];
  const query = (value: unknown) => ({
    type: 'equality' as const,
    quantity: 'q',
    value: value as string[],
    input: '',
  });

  it('adds chosen values to those of a quantity that takes several, once each', () => {
    expect(mergedValue(['Si'], query(['O']), elements)).toEqual(['Si', 'O']);
    expect(mergedValue(['Si'], query(['Si']), elements)).toEqual(['Si']);
    expect(mergedValue(undefined, query(['O']), elements)).toEqual(['O']);
  });

  it('replaces single values and ranges', () => {
    expect(mergedValue([1], query([2]), nElements)).toEqual([2]);
    expect(mergedValue({ gt: 1 }, query({ lt: 3 }), nElements)).toEqual({ lt: 3 });
    expect(mergedValue(['Si'], query({ lt: 3 }), elements)).toEqual({ lt: 3 });
  });
});
