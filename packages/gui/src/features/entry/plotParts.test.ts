import { describe, expect, it } from 'vitest';
import { energyAxis } from './plotParts.ts';
import { testEntryUnits } from './testUnitSystems.ts';

describe('energyAxis', () => {
  it('opens at -5 eV to 10 eV around the highest occupied energy, in the energy unit in force', () => {
    const custom = energyAxis(true, testEntryUnits('Custom').energy);
    expect(custom.title).toEqual({ text: 'Energy (eV)' });
    expect(custom.range?.[0]).toBeCloseTo(-5, 12);
    expect(custom.range?.[1]).toBeCloseTo(10, 12);
    const si = energyAxis(true, testEntryUnits('SI').energy);
    expect(si.title).toEqual({ text: 'Energy (J)' });
    expect(si.range?.[0]).toBeCloseTo(-5 * 1.602176634e-19, 30);
    expect(si.range?.[1]).toBeCloseTo(10 * 1.602176634e-19, 30);
  });

  it("keeps Plotly's own range for unshifted energies", () => {
    const axis = energyAxis(false, testEntryUnits('Custom').energy);
    expect(axis.range).toBeUndefined();
    expect(axis.autorange).toBeUndefined();
  });
});
