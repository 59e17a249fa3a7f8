import { describe, expect, it } from 'vitest';
import { atomParametersOf, kMeshOf, smearingOf } from './method.ts';
import { settingsOf } from './settings.ts';
import { AMU, EV } from './units.ts';

describe('VASP method pieces', () => {
  it('maps ISMEAR/SIGMA to a smearing kind and width in J', () => {
    const smearing = (ISMEAR: number): ReturnType<typeof smearingOf> =>
      smearingOf(settingsOf({}, { ISMEAR, SIGMA: 0.1 }));
    expect(smearing(0)).toEqual({ kind: 'gaussian', width: 0.1 * EV });
    expect(smearing(-1)).toEqual({ kind: 'fermi', width: 0.1 * EV });
    expect(smearing(1)).toEqual({ kind: 'methfessel-paxton', width: 0.1 * EV });
    expect(smearing(-5)).toEqual({ kind: 'tetrahedra' });
    expect(smearing(-2)).toBeUndefined();
  });

  it('describes regular meshes and line-mode paths', () => {
    const list: [number, number, number][] = [
      [0, 0, 0],
      [0.5, 0, 0],
    ];
    expect(
      kMeshOf({
        generation: 'Gamma',
        divisions: [4, 4, 2],
        usershift: [0, 0, 0],
        list,
        weights: [0.25, 0.75],
      }),
    ).toEqual({
      sampling_method: 'Gamma-centered',
      grid: [4, 4, 2],
      offset: [0, 0, 0],
      n_points: 2,
      points: list,
      weights: [0.25, 0.75],
    });
    const line = kMeshOf({
      generation: 'listgenerated',
      divisions: [2],
      list: [
        [0, 0, 0],
        [0.5, 0, 0],
        [0.5, 0, 0],
        [0.5, 0.5, 0],
      ],
      weights: [],
    });
    expect(line).toMatchObject({
      sampling_method: 'Line-path',
      x_vasp_n_points_per_segment: 2,
      x_vasp_line_path_endpoints: [
        [
          [0, 0, 0],
          [0.5, 0, 0],
        ],
        [
          [0.5, 0, 0],
          [0.5, 0.5, 0],
        ],
      ],
    });
    expect(line?.grid).toBeUndefined();
    expect(kMeshOf({ list: [], weights: [] })).toBeUndefined();
  });

  it('numbers repeated elements and converts masses to kg', () => {
    const params = atomParametersOf([
      { count: 2, element: 'Fe', mass: 55.847, valence: 8, pseudopotential: 'PAW_PBE Fe 06Sep2000' },
      { count: 1, element: 'Fe', mass: 55.847, valence: 8 },
    ]);
    expect(params.map((p) => p.label)).toEqual(['Fe', 'Fe1']);
    expect(params[0]).toEqual({
      atom_number: 26,
      label: 'Fe',
      mass: 55.847 * AMU,
      n_valence_electrons: 8,
      pseudopotential_name: 'PAW_PBE Fe 06Sep2000',
      // No POTCAR header: kind and functional from the title alone, no cutoff.
      pseudopotential: {
        name: 'PAW_PBE Fe 06Sep2000',
        type: 'PAW',
        xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
      },
    });
  });

  it('takes cutoff and functional of a potential from its POTCAR header', () => {
    const [params] = atomParametersOf(
      [{ count: 1, element: 'Si', pseudopotential: 'US Si' }],
      [{ title: 'US Si', lexch: '91', enmax: 150.5, ultrasoft: true }],
    );
    expect(params?.pseudopotential).toEqual({
      name: 'US Si',
      type: 'US V',
      cutoff: 150.5 * EV,
      xc_functional_name: ['GGA_X_PW91', 'GGA_C_PW91'],
    });
  });
});
