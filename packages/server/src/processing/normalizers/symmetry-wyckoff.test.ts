import { describe, expect, it } from 'vitest';
import { relabellings } from './symmetry-canonical.ts';
import { euclideanNormalizer } from './symmetry-euclidean.ts';
import { loadMoyo } from './symmetry-moyo.ts';
import {
  operationsFromMoyo,
  parseWyckoffCoordinates,
  wyckoffLetter,
  wyckoffsFromMoyo,
} from './symmetry-wyckoff.ts';

describe('parseWyckoffCoordinates', () => {
  it('reads linear parts and offsets', () => {
    expect(parseWyckoffCoordinates('x,2x,1/4')).toEqual({
      linear: [
        [1, 0, 0],
        [2, 0, 0],
        [0, 0, 0],
      ],
      offset: [0, 0, 0.25],
    });
    expect(parseWyckoffCoordinates('-x+1/2,y+1/4,2/3').offset).toEqual([0.5, 0.25, 2 / 3]);
    expect(parseWyckoffCoordinates('-x+1/2,y+1/4,2/3').linear[0]).toEqual([-1, 0, 0]);
    expect(() => parseWyckoffCoordinates('x,y')).toThrow(/three parts/);
    expect(() => parseWyckoffCoordinates('x,q,z')).toThrow(/cannot read/);
  });
});

describe('Wyckoff letters and the Euclidean normaliser', () => {
  it('assigns Fm-3m letters (ITA: 4a 0,0,0; 4b 1/2,1/2,1/2; 8c 1/4,1/4,1/4; 24e x,0,0)', async () => {
    const moyo = await loadMoyo();
    const setting = {
      operations: operationsFromMoyo(
        moyo.operations_from_number(225, { type: 'HallNumber', value: 523 }, false),
      ),
      wyckoffs: wyckoffsFromMoyo(moyo.wyckoff_positions(523)),
    };
    expect(setting.operations).toHaveLength(192);
    expect(wyckoffLetter([0, 0, 0], setting)).toBe('a');
    expect(wyckoffLetter([0.5, 0, 0], setting)).toBe('b');
    expect(wyckoffLetter([0.75, 0.25, 0.75], setting)).toBe('c');
    expect(wyckoffLetter([0, 0.25, 0.25], setting)).toBe('d');
    expect(wyckoffLetter([0.2, 0, 0], setting)).toBe('e');
    // x,y,z in general position: 192l.
    expect(wyckoffLetter([0.11, 0.23, 0.37], setting)).toBe('l');
    // Fm-3m has index 2 in its Euclidean normaliser (Pm-3m with a/2): the origin shift (1/2,0,0)
    // swaps 4a and 4b and keeps 8c.
    const normalizer = euclideanNormalizer(setting.operations, 'cubic');
    expect(normalizer).toHaveLength(2);
    const swaps = relabellings(setting, normalizer).map(
      (r) => `${r.letters.get('a')}${r.letters.get('b')}${r.letters.get('c')}`,
    );
    expect(swaps).toEqual(['abc', 'bac']);
  });

  it('permutes 1a, 1b, 1c of P3 by the (1/3, 2/3) translations of its normaliser', async () => {
    const moyo = await loadMoyo();
    const hall = moyo.space_group_type(143).hall_number;
    const setting = {
      operations: operationsFromMoyo(
        moyo.operations_from_number(143, { type: 'HallNumber', value: hall }, false),
      ),
      wyckoffs: wyckoffsFromMoyo(moyo.wyckoff_positions(hall)),
    };
    const images = relabellings(setting, euclideanNormalizer(setting.operations, 'trigonal')).map((r) =>
      r.letters.get('a'),
    );
    expect(new Set(images)).toEqual(new Set(['a', 'b', 'c']));
  });
});
