import { describe, expect, it } from 'vitest';
import { scatterPoints, scatterRequest, valueReader, valuesAt } from './scatterData.ts';

const SOLAR = 'results.properties.optoelectronic.solar_cell';
const identity = valueReader((value) => value, false);

describe('scatter data', () => {
  it('asks for the plotted quantities of `size` entries, as the recorded NOMAD request', () => {
    expect(
      scatterRequest('visible', {}, 1000, [
        `${SOLAR}.open_circuit_voltage`,
        `${SOLAR}.efficiency`,
        `${SOLAR}.short_circuit_current_density`,
      ]),
    ).toEqual({
      owner: 'visible',
      query: {},
      aggregations: {},
      pagination: { page_size: 1000, order: 'asc', order_by: 'entry_id' },
      required: {
        include: [
          'entry_id',
          `${SOLAR}.open_circuit_voltage`,
          `${SOLAR}.efficiency`,
          `${SOLAR}.short_circuit_current_density`,
        ],
      },
    });
  });

  it('reads values through nested and repeated sections', () => {
    const entry = { a: { b: [{ c: 1 }, { c: 2 }, { d: 3 }] }, e: [4, 5] };
    expect(valuesAt(entry, 'a.b.c')).toEqual([1, 2]);
    expect(valuesAt(entry, 'e')).toEqual([4, 5]);
    expect(valuesAt(entry, 'a.x.c')).toEqual([]);
  });

  it('makes a point per entry with both values, converted, with its colour and entry id', () => {
    const entries = [
      { entry_id: 'JzdbQUkxQB-NeTgl2DVeQw' },
      {
        entry_id: 'sW0BAUZURQeBY9KUN5L8TQ',
        results: {
          properties: {
            optoelectronic: {
              solar_cell: { efficiency: 15.9, short_circuit_current_density: 203, open_circuit_voltage: 1 },
            },
          },
        },
      },
      { entry_id: 'two', results: { properties: { optoelectronic: { solar_cell: { efficiency: 3 } } } } },
    ];
    expect(
      scatterPoints(entries, {
        x: `${SOLAR}.open_circuit_voltage`,
        y: `${SOLAR}.efficiency`,
        color: `${SOLAR}.short_circuit_current_density`,
        read: { x: valueReader((value) => value * 1000, false), y: identity, color: identity },
      }),
    ).toEqual({ x: [1000], y: [15.9], color: [203], entryIds: ['sW0BAUZURQeBY9KUN5L8TQ'] });
  });

  it('reads dates as epoch milliseconds', () => {
    const read = valueReader((value) => value * 2, true);
    expect(read('2024-01-01T00:00:00+00:00')).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(read(5)).toBe(5);
    expect(read('soon')).toBeUndefined();
    expect(valueReader((value) => value * 2, false)(5)).toBe(10);
    expect(valueReader((value) => value, false)(true)).toBe('true');
  });

  it('pairs repeated values and leaves entries with mismatched counts out', () => {
    const entries = [
      {
        entry_id: 'a',
        p: [
          { x: 1, y: 10 },
          { x: 2, y: 20 },
        ],
        name: 'VASP',
      },
      { entry_id: 'b', p: [{ x: 1 }, { x: 2, y: 20 }] },
    ];
    expect(
      scatterPoints(entries, {
        x: 'p.x',
        y: 'p.y',
        color: 'name',
        read: { x: identity, y: identity, color: identity },
      }),
    ).toEqual({ x: [1, 2], y: [10, 20], color: ['VASP', 'VASP'], entryIds: ['a', 'a'] });
  });
});
