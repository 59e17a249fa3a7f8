import { describe, expect, it } from 'vitest';
import { xcFunctional } from './xc.ts';

const PBE_POTCAR = ['PAW_PBE Si 05Jan2001'];

describe('xcFunctional', () => {
  it('names GGA functionals as in Libxc', () => {
    expect(xcFunctional({ GGA: 'PE' }, PBE_POTCAR).xc).toEqual({
      name: 'GGA_C_PBE+GGA_X_PBE',
      exchange: [{ name: 'GGA_X_PBE' }],
      correlation: [{ name: 'GGA_C_PBE' }],
    });
    expect(xcFunctional({ GGA: 'ps' }, PBE_POTCAR).xc.name).toBe('GGA_C_PBE_SOL+GGA_X_PBE_SOL');
    expect(xcFunctional({ GGA: 91 }, PBE_POTCAR).xc.name).toBe('GGA_C_PW91+GGA_X_PW91');
    expect(xcFunctional({ GGA: 'CA' }, PBE_POTCAR).xc.name).toBe('LDA_C_PZ+LDA_X');
  });

  it("reads GGA = '--' from the POTCAR family", () => {
    expect(xcFunctional({ GGA: '--' }, PBE_POTCAR).xc.name).toBe('GGA_C_PBE+GGA_X_PBE');
    expect(xcFunctional({}, ['PAW_GGA Si 05Jan2001']).xc.name).toBe('GGA_C_PW91+GGA_X_PW91');
    expect(xcFunctional({ GGA: '--' }, ['PAW Si 05Jan2001']).xc.name).toBe('LDA_C_PZ+LDA_X');
  });

  it('gives vdW-DF exchange with LDA correlation when AGGAC = 0', () => {
    expect(xcFunctional({ GGA: 'MK', AGGAC: 0, LUSE_VDW: true }, PBE_POTCAR).xc).toMatchObject({
      exchange: [{ name: 'GGA_X_OPTB86B_VDW' }],
      correlation: [{ name: 'LDA_C_PW' }],
    });
    expect(xcFunctional({ GGA: 'BO' }, PBE_POTCAR).xc.correlation).toEqual([{ name: 'GGA_C_PBE' }]);
  });

  it('prefers a named meta-GGA and ignores METAGGA = F', () => {
    expect(xcFunctional({ GGA: 'PE', METAGGA: 'SCAN' }, PBE_POTCAR).xc.name).toBe('MGGA_C_SCAN+MGGA_X_SCAN');
    expect(xcFunctional({ GGA: 'PE', METAGGA: false }, PBE_POTCAR).xc.name).toBe('GGA_C_PBE+GGA_X_PBE');
  });

  it('recognises hybrids from LHFCALC, HFSCREEN and AEXX', () => {
    expect(xcFunctional({ LHFCALC: true, HFSCREEN: 0.2 }, PBE_POTCAR).xc).toEqual({
      name: 'HYB_GGA_XC_HSE06',
      hybrid: [{ name: 'HYB_GGA_XC_HSE06', parameters: { exact_exchange_mixing_factor: 0.25 } }],
    });
    expect(xcFunctional({ LHFCALC: true, GGA: 'PE' }, PBE_POTCAR).xc.name).toBe('HYB_GGA_XC_PBEH');
    expect(xcFunctional({ LHFCALC: true, GGA: 'B3', AEXX: 0.2 }, PBE_POTCAR).xc.name).toBe(
      'HYB_GGA_XC_B3LYP3',
    );
    expect(xcFunctional({ LHFCALC: true, AEXX: 1, ALDAC: 0, AGGAC: 0 }, PBE_POTCAR).xc.contributions).toEqual(
      [{ name: 'HF_X' }],
    );
  });

  it('warns about functionals it cannot name', () => {
    const { xc, warnings } = xcFunctional({ GGA: 'ZZ' }, PBE_POTCAR);
    expect(xc).toEqual({});
    expect(warnings).toEqual(['GGA = ZZ has no Libxc mapping here']);
  });
});
