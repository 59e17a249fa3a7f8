import { describe, expect, it } from 'vitest';
import { readPhononControl } from './read-control.ts';

describe('readPhononControl', () => {
  it("reads phonopy-FHI-aims' phonon keywords and the species masses", () => {
    const control = readPhononControl(`
  xc pw-lda
  phonon displacement 0.01
  phonon supercell -1 1 1   1 -1 1  1 1 -1
  phonon frequency_units cm^-1
#  phonon cv    0     800   801       200
   phonon dos   0     800   800  1    50
   phonon free_energy   0  1200  1200 50
  phonon band  0 0 0   0.00 0.25 0.25  100   Gamma  Delta
  phonon band  0.25 0.25 0.25  0.5 0.5 0.5  100  Lambda L # comment
  species Ge
    nucleus 32
    mass 72.64
`);
    expect(control.supercell).toEqual([
      [-1, 1, 1],
      [1, -1, 1],
      [1, 1, -1],
    ]);
    expect(control.displacement).toBe(0.01);
    expect(control.frequencyUnit).toBe('cm^-1');
    expect(control.dos).toEqual({ min: 0, max: 800, points: 800, broadening: 1, mesh: [50, 50, 50] });
    expect(control.freeEnergy).toEqual({ min: 0, max: 1200, points: 1200, mesh: [50, 50, 50] });
    expect(control.bands).toHaveLength(2);
    expect(control.bands[1]).toEqual({
      start: [0.25, 0.25, 0.25],
      end: [0.5, 0.5, 0.5],
      points: 100,
      labels: ['Lambda', 'L'],
    });
    expect(control.masses.get('Ge')).toBe(72.64);
    expect(control.nac).toBe(false);
  });

  it('reads a diagonal supercell and three-number meshes, and needs a supercell', () => {
    const control = readPhononControl('phonon supercell 2 2 3\nphonon dos 0 10 100 0.1 8 8 4\n');
    expect(control.supercell).toEqual([
      [2, 0, 0],
      [0, 2, 0],
      [0, 0, 3],
    ]);
    expect(control.dos?.mesh).toEqual([8, 8, 4]);
    expect(control.displacement).toBe(0.001);
    expect(() => readPhononControl('phonon displacement 0.01\n')).toThrow("no 'phonon supercell'");
    expect(() => readPhononControl('phonon supercell 2 2 x\n')).toThrow('cannot read');
  });
});
