import { describe, expect, it } from 'vitest';
import type { TagMap } from './raw.ts';
import { settingsOf } from './settings.ts';
import { potcarFunctional, xcFunctionalOf } from './xc.ts';

const PBE_TITLES = ['PAW_PBE Si 05Jan2001'];

function xc(
  parameters: TagMap,
  titles: readonly string[] = PBE_TITLES,
): { names: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const functional = xcFunctionalOf(settingsOf({}, parameters), titles, (w) => warnings.push(w));
  const names = [
    ...functional.exchange,
    ...functional.correlation,
    ...functional.hybrid,
    ...functional.contributions,
  ].map((f) => f.name);
  return { names, warnings };
}

describe('VASP xc functional', () => {
  it('maps GGA tags to libxc exchange and correlation', () => {
    expect(xc({ GGA: 'PE' }).names).toEqual(['GGA_X_PBE', 'GGA_C_PBE']);
    expect(xc({ GGA: ' PS' }).names).toEqual(['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL']);
    expect(xc({ GGA: 'RP' }).names).toEqual(['GGA_X_RPBE', 'GGA_C_PBE']);
    expect(xc({ GGA: '91' }).names).toEqual(['GGA_X_PW91', 'GGA_C_PW91']);
    expect(xc({ GGA: 'CA' }).names).toEqual(['LDA_X', 'LDA_C_PZ']);
  });

  it("takes the POTCAR's functional when GGA is '--'", () => {
    expect(xc({ GGA: '--' }).names).toEqual(['GGA_X_PBE', 'GGA_C_PBE']);
    expect(xc({ GGA: '--' }, ['PAW_GGA Si 05Jan2001']).names).toEqual(['GGA_X_PW91', 'GGA_C_PW91']);
    expect(xc({ GGA: '--' }, ['PAW Si 05Jan2001']).names).toEqual(['LDA_X', 'LDA_C_PZ']);
    expect(xc({}, []).names).toEqual(['GGA_X_PBE', 'GGA_C_PBE']);
    expect(potcarFunctional(['US_GGA Fe'])).toBe('91');
    expect(potcarFunctional([])).toBeUndefined();
  });

  it('prefers METAGGA, and hybrids when LHFCALC is set', () => {
    expect(xc({ GGA: '--', METAGGA: 'SCAN' }).names).toEqual(['MGGA_X_SCAN', 'MGGA_C_SCAN']);
    expect(xc({ GGA: '--', METAGGA: '--' }).names).toEqual(['GGA_X_PBE', 'GGA_C_PBE']);
    expect(xc({ LHFCALC: true, HFSCREEN: 0.2, GGA: '--' }).names).toEqual(['HYB_GGA_XC_HSE06']);
    expect(xc({ LHFCALC: true, HFSCREEN: 0.3 }).names).toEqual(['HYB_GGA_XC_HSE03']);
    expect(xc({ LHFCALC: true, HFSCREEN: 0, GGA: 'PE' }).names).toEqual(['HYB_GGA_XC_PBEH']);
    expect(xc({ LHFCALC: true, AEXX: 1, ALDAC: 0, AGGAC: 0 }).names).toEqual(['HF_X']);
    const hse = xcFunctionalOf(settingsOf({}, { LHFCALC: true, HFSCREEN: 0.2, AEXX: 0.25 }), [], () => {});
    expect(hse).toEqual({
      exchange: [],
      correlation: [],
      hybrid: [{ name: 'HYB_GGA_XC_HSE06', parameters: { exact_exchange_mixing_factor: 0.25 } }],
      contributions: [],
    });
  });

  it('leaves unknown tags empty with a warning instead of guessing', () => {
    expect(xc({ GGA: 'ZZ' })).toEqual({
      names: [],
      warnings: ['unknown GGA = ZZ: xc functional left empty'],
    });
    expect(xc({ METAGGA: 'NEWFUNC' }).warnings).toEqual([
      'unknown METAGGA = NEWFUNC: xc functional left empty',
    ]);
  });

  it('reads <parameters> before <incar>', () => {
    const settings = settingsOf({ GGA: 'PE', ISPIN: 2 }, { GGA: 'PS' });
    expect(settings.string('GGA')).toBe('PS');
    expect(settings.number('ISPIN')).toBe(2);
  });
});
