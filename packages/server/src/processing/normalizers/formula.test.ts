import { describe, expect, it } from 'vitest';
import { compositionOf, compositionOfFormula, formulas, hillFormula, iupacFormula } from './formula.ts';

const of = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));

describe('formulas', () => {
  it('NaCl conventional cell: hill keeps counts, the others are reduced', () => {
    expect(formulas(of({ Na: 4, Cl: 4 }))).toEqual({
      hill: 'Cl4Na4',
      reduced: 'ClNa',
      iupac: 'NaCl',
      anonymous: 'AB',
      descriptive: 'NaCl',
    });
  });

  it('AgCoO2: iupac puts group 9 (Co) before group 11 (Ag), anonymous starts with the largest count', () => {
    expect(formulas(of({ Ag: 2, Co: 2, O: 4 }))).toEqual({
      hill: 'Ag2Co2O4',
      reduced: 'AgCoO2',
      iupac: 'CoAgO2',
      anonymous: 'A2BC',
      descriptive: 'CoAgO2',
    });
  });

  it('hill puts C then H first and stays unreduced; descriptive of organics is hill', () => {
    const f = formulas(of({ O: 2, H: 8, C: 4, N: 2 }));
    expect(f.hill).toBe('C4H8N2O2');
    expect(f.reduced).toBe('C2H4NO');
    expect(f.descriptive).toBe('C4H8N2O2');
    expect(f.anonymous).toBe('A4B2CD');
  });

  it('hill sorts H alphabetically when there is no carbon', () => {
    expect(hillFormula(of({ H: 1, Al: 1 }))).toBe('AlH');
    expect(hillFormula(of({ Ti: 1, O: 1 }))).toBe('OTi');
    expect(hillFormula(of({ O: 1, C: 1 }))).toBe('CO');
  });

  it('iupac follows the IUPAC table (noble gases first, H between groups 15 and 16)', () => {
    expect(iupacFormula(of({ Cl: 1, He: 1 }))).toBe('HeCl');
    expect(iupacFormula(of({ As: 1, Ga: 1 }))).toBe('GaAs');
    expect(iupacFormula(of({ C: 1, Si: 1 }))).toBe('SiC');
    expect(iupacFormula(of({ N: 1, H: 3 }))).toBe('NH3');
    expect(iupacFormula(of({ O: 1, H: 2 }))).toBe('H2O');
    expect(iupacFormula(of({ La: 1, C: 2 }))).toBe('LaC2');
    expect(iupacFormula(of({ Mg: 6, O: 3 }))).toBe('Mg2O');
  });

  it('keeps known inorganic carbon compounds in iupac form', () => {
    expect(formulas(of({ Ca: 2, C: 2, O: 6 })).descriptive).toBe('CaCO3');
    expect(formulas(of({ Si: 4, C: 4 })).descriptive).toBe('SiC');
    expect(formulas(of({ Na: 1, H: 1, C: 1, O: 3 })).descriptive).toBe('NaHCO3');
  });

  it('anonymous letters continue past Z as Aa, Ab ...', () => {
    const many = new Map(Array.from({ length: 28 }, (_, i) => [`E${i}`, 100 - i] as [string, number]));
    expect(formulas(many).anonymous.endsWith('Z75Aa74Ab73')).toBe(true);
  });

  it('counts species', () => {
    expect([...compositionOf(['O', 'H', 'H'])]).toEqual([
      ['O', 1],
      ['H', 2],
    ]);
  });
});

describe('compositionOfFormula', () => {
  it('reads counts, parentheses and repeated symbols', () => {
    expect(compositionOfFormula('Fe2O3')).toEqual(of({ Fe: 2, O: 3 }));
    expect(compositionOfFormula('Ca(OH)2')).toEqual(of({ Ca: 1, O: 2, H: 2 }));
    expect(compositionOfFormula('Na4Cl4')).toEqual(of({ Na: 4, Cl: 4 }));
    expect(compositionOfFormula('CH3CH2OH')).toEqual(of({ C: 2, H: 6, O: 1 }));
    expect(compositionOfFormula(' Sr Ti O3 ')).toEqual(of({ Sr: 1, Ti: 1, O: 3 }));
  });

  it('is undefined for what is no formula', () => {
    for (const text of [
      '',
      'nacl',
      'Qq2',
      'Fe0.5O',
      'Fe0',
      'Ca(OH',
      'CaOH)2',
      '((((((((((H))))))))))',
      'Fe-O',
    ])
      expect(compositionOfFormula(text), text).toBeUndefined();
  });
});
