import { describe, expect, it } from 'vitest';
import { loadMoyo } from './symmetry-moyo.ts';

describe('loadMoyo', () => {
  it('initialises the wasm module once and analyses a cell', async () => {
    const first = loadMoyo();
    expect(loadMoyo()).toBe(first);
    const moyo = await first;
    // bcc iron: one atom in a primitive cell with vectors (-1,1,1)a/2 ... ; Im-3m is number 229.
    const a = 2.87;
    const cell = {
      lattice: { basis: [-a / 2, a / 2, a / 2, a / 2, -a / 2, a / 2, a / 2, a / 2, -a / 2] },
      positions: [[0, 0, 0]],
      numbers: [26],
    };
    const dataset = moyo.analyze_cell(JSON.stringify(cell), 0.1, 'Spglib');
    expect(dataset.number).toBe(229);
    expect(dataset.hm_symbol.replace(/ /g, '')).toBe('Im-3m');
  });
});
