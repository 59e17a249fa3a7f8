import { describe, expect, it } from 'vitest';
import { gwMethodOf } from './gw.ts';
import type { KMesh } from './method.ts';
import { settingsOf } from './settings.ts';

const MESH: KMesh = { n_points: 1, points: [[0, 0, 0]], grid: [6, 6, 6], sampling_method: 'Gamma-centered' };
const gwOf = (tags: Record<string, string | number>): ReturnType<typeof gwMethodOf> =>
  gwMethodOf(settingsOf({}, tags), MESH);

describe('VASP GW method', () => {
  it('is absent for other ALGO values', () => {
    expect(gwOf({ ALGO: 'Normal' })).toBeUndefined();
    expect(gwMethodOf(settingsOf({}, {}), MESH)).toBeUndefined();
  });

  it('reads the GW flavour from ALGO and the number of iterations', () => {
    expect(gwOf({ ALGO: 'G0W0', NELM: 60 })?.gw.type).toBe('G0W0');
    expect(gwOf({ ALGO: 'EVGW0', NELM: 1 })?.gw.type).toBe('G0W0');
    expect(gwOf({ ALGO: 'EVGW0', NELM: 4 })?.gw.type).toBe('ev-scGW0');
    // VASP >= 6.3 counts GW iterations in NELMGW.
    expect(gwOf({ ALGO: 'EVGW0', NELM: 60, NELMGW: 1 })?.gw.type).toBe('G0W0');
    expect(gwOf({ ALGO: 'GW', NELM: 3 })?.gw.type).toBe('ev-scGW');
    expect(gwOf({ ALGO: 'QPGW0', NELM: 3 })?.gw.type).toBe('qp-scGW0');
  });

  it('gives states, q-mesh and frequency mesh, and Padé only for the space-time variants', () => {
    const method = gwOf({ ALGO: 'EVGW0', NELM: 4, NBANDS: 72, NOMEGA: 50 });
    expect(method).toEqual({
      starting_method_ref: '/run/0/method/0',
      gw: {
        type: 'ev-scGW0',
        n_states: 72,
        q_mesh: { n_points: 1, grid: [6, 6, 6], sampling_method: 'Gamma-centered' },
      },
      k_mesh: MESH,
      frequency_mesh: [{ dimensionality: 1, n_points: 50 }],
    });
    expect(gwOf({ ALGO: 'EVGW0R' })?.gw.analytical_continuation).toBe('pade');
  });
});
