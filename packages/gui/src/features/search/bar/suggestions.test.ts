import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../context/types.ts';
import { nameSuggestions, suggestionsRequest, valueSuggestions } from './suggestions.ts';

const def = (quantity: string, suggestion = false): FilterDefinition => ({
  quantity,
  label: quantity,
  dtype: 'string',
  aggregatable: true,
  multiple: true,
  suggestion,
  exclusive: false,
  list: false,
});
const definitions = Object.fromEntries(
  [
    def('results.material.elements', true),
    def('results.material.chemical_formula_hill', true),
    def('results.method.simulation.program_name', true),
    def('results.method.simulation.program_version'),
    def('authors.name', true),
    def('results.material.n_elements'),
    def('results.properties.electronic.band_structure_electronic.band_gap.value'),
  ].map((d) => [d.quantity, d]),
);

describe('suggestionsRequest', () => {
  it('asks nothing below two characters', () => {
    expect(suggestionsRequest('S', definitions)).toBeUndefined();
    expect(suggestionsRequest('  S ', definitions)).toBeUndefined();
  });

  it('asks the default search-bar quantities the app has suggestions for, in their order', () => {
    expect(suggestionsRequest(' Si ', definitions)).toEqual({
      input: 'Si',
      quantities: [
        'results.material.elements',
        'results.material.chemical_formula_hill',
        'results.method.simulation.program_name',
        'authors.name',
      ],
    });
  });

  it("narrows 'quantity = value' to that quantity", () => {
    expect(suggestionsRequest('authors.name = Ja', definitions)).toEqual({
      input: 'Ja',
      quantities: ['authors.name'],
    });
    expect(suggestionsRequest('authors.name = J', definitions)).toBeUndefined();
    // A quantity without suggestions and range queries ask nothing.
    expect(suggestionsRequest('results.material.n_elements = 22', definitions)).toBeUndefined();
    expect(suggestionsRequest('results.material.n_elements > 2', definitions)).toBeUndefined();
  });
});

describe('valueSuggestions', () => {
  it('turns values into equality queries, heaviest first, five per quantity', () => {
    const request = { input: 'S', quantities: ['results.material.elements', 'authors.name'] };
    const response = {
      'results.material.elements': ['Sb', 'Sc', 'Se', 'Sg', 'Si', 'Sm'].map((value, i) => ({
        value,
        weight: value === 'Si' ? 100 : i,
      })),
      'authors.name': [{ value: 'Sarah Smith', weight: 1 }],
      'not.asked': [{ value: 'x', weight: 1 }],
    };
    expect(valueSuggestions(request, response).map((s) => s.input)).toEqual([
      'results.material.elements = Si',
      'results.material.elements = Sm',
      'results.material.elements = Sg',
      'results.material.elements = Se',
      'results.material.elements = Sc',
      'authors.name = Sarah Smith',
    ]);
    expect(valueSuggestions(request, response)[0]?.type).toBe('equality');
  });
});

describe('nameSuggestions', () => {
  it('suggests quantity names containing the text, segment starts first', () => {
    expect(nameSuggestions('program', definitions)).toEqual([
      { input: 'results.method.simulation.program_name', type: 'name' },
      { input: 'results.method.simulation.program_version', type: 'name' },
    ]);
    expect(nameSuggestions('GAP', definitions).map((s) => s.input)).toEqual([
      'results.properties.electronic.band_structure_electronic.band_gap.value',
    ]);
    // 'ele' starts 'elements' and 'electronic' segments; 'n_elements' only contains it.
    expect(nameSuggestions('ele', definitions).map((s) => s.input)).toEqual([
      'results.material.elements',
      'results.properties.electronic.band_structure_electronic.band_gap.value',
      'results.material.n_elements',
    ]);
  });

  it('suggests no names for short text or queries', () => {
    expect(nameSuggestions('e', definitions)).toEqual([]);
    expect(nameSuggestions('authors.name = x', definitions)).toEqual([]);
  });
});
