import { describe, expect, it } from 'vitest';
import { electronsRepresentationOf, headersFor, pseudopotentialOf, readPotcarHeaders } from './potcar.ts';
import { settingsOf } from './settings.ts';
import { EV } from './units.ts';

// Two headers as a (stripped) POTCAR writes them: LEXCH before TITEL, then mass, cutoff and kind.
const POTCAR = `  PAW_PBE N 08Apr2002
 parameters from PSCTR are:
   VRHFIN =N: s2p3
   LEXCH  = PE
   EATOM  =   264.5486 eV,   19.4438 Ry

   TITEL  = PAW_PBE N 08Apr2002
   LULTRA =        F    use ultrasoft PP ?
   POMASS =   14.001; ZVAL   =    5.000    mass and valenz
   ENMAX  =  400.000; ENMIN  =  300.000 eV
   LPAW   =        T    paw PP
  US Al
   LEXCH  = CA
   TITEL  = US Al
   LULTRA =        T    use ultrasoft PP ?
   POMASS =   26.982; ZVAL   =    3.000    mass and valenz
   ENMAX  =  130.000; ENMIN  =  100.000 eV
`;

describe('POTCAR headers and pseudopotentials', () => {
  it('reads each header with the LEXCH written before its TITEL', () => {
    expect(readPotcarHeaders(POTCAR)).toEqual([
      {
        title: 'PAW_PBE N 08Apr2002',
        lexch: 'PE',
        ultrasoft: false,
        pomass: 14.001,
        zval: 5,
        enmax: 400,
        paw: true,
      },
      { title: 'US Al', lexch: 'CA', ultrasoft: true, pomass: 26.982, zval: 3, enmax: 130 },
    ]);
  });

  it('matches headers to the run titles and builds the pseudopotential', () => {
    const headers = readPotcarHeaders(POTCAR);
    const [al, n, missing] = headersFor(['US  Al', 'PAW_PBE N 08Apr2002', 'PAW_PBE O 08Apr2002'], headers);
    expect(missing).toBeUndefined();
    expect(pseudopotentialOf('PAW_PBE N 08Apr2002', n)).toEqual({
      name: 'PAW_PBE N 08Apr2002',
      type: 'PAW',
      cutoff: 400 * EV,
      xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
    });
    expect(pseudopotentialOf('US Al', al)).toEqual({
      name: 'US Al',
      type: 'US V',
      cutoff: 130 * EV,
      xc_functional_name: ['LDA_X', 'LDA_C_PZ'],
    });
    // A marked title ('^PAW_PBE ...') is still a PBE PAW potential.
    expect(pseudopotentialOf('^PAW_PBE F_h_GW 20May2014')).toMatchObject({
      type: 'PAW',
      xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
    });
  });

  it('describes the plane-wave basis with PREC read by its first letter', () => {
    const representation = (PREC: string): ReturnType<typeof electronsRepresentationOf> =>
      electronsRepresentationOf(settingsOf({}, { PREC }), 520, undefined);
    expect(representation('acc').native_tier).toBe('accurate');
    expect(representation('Med').native_tier).toBe('medium');
    expect(representation('x').native_tier).toBeUndefined();
    expect(representation('high').basis_set).toEqual([
      { type: 'plane waves', scope: ['valence'], cutoff: 520 * EV },
      { type: 'plane waves', scope: ['augmentation'] },
    ]);
  });
});
