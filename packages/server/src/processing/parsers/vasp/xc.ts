// Exchange-correlation functional of a VASP run as libxc names, the way NOMAD's method section
// lists them: from LHFCALC/HFSCREEN/AEXX (hybrids), METAGGA, GGA, and when GGA is '--' (take the
// POTCAR's functional) from the pseudopotential titles ('PAW_PBE Si ...' -> PBE).
import type { Settings } from './settings.ts';

interface Functional {
  name: string;
  parameters?: Record<string, number>;
}

/** All four lists are always present (empty when unused): the OUTCAR parser and tests rely on it. */
export interface XcFunctional {
  exchange: Functional[];
  correlation: Functional[];
  hybrid: Functional[];
  contributions: Functional[];
}

/** libxc names per GGA tag value (VASP wiki 'GGA'). */
export const GGA: Readonly<Record<string, readonly string[]>> = {
  PE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PS: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  '91': ['GGA_X_PW91', 'GGA_C_PW91'],
  RP: ['GGA_X_RPBE', 'GGA_C_PBE'],
  RE: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  AM: ['GGA_X_AM05', 'GGA_C_AM05'],
  // LDA variants: Ceperley-Alder as parametrised by Perdew-Zunger, and the older correlations.
  CA: ['LDA_X', 'LDA_C_PZ'],
  PZ: ['LDA_X', 'LDA_C_PZ'],
  VW: ['LDA_X', 'LDA_C_VWN'],
  HL: ['LDA_X', 'LDA_C_HL'],
  WI: ['LDA_X', 'LDA_C_WIGNER'],
  // van der Waals density functionals (exchange part; the non-local correlation has no libxc name).
  OR: ['GGA_X_OPTPBE_VDW'],
  BO: ['GGA_X_OPTB88_VDW'],
  MK: ['GGA_X_OPTB86B_VDW'],
  ML: ['VDW_XC_DF2'],
  CX: ['VDW_XC_DF_CX'],
  BF: ['GGA_X_BEEFVDW', 'GGA_XC_BEEFVDW'],
};

/** libxc names per METAGGA tag value. */
const METAGGA: Readonly<Record<string, readonly string[]>> = {
  SCAN: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
  RSCAN: ['MGGA_X_RSCAN', 'MGGA_C_RSCAN'],
  R2SCAN: ['MGGA_X_R2SCAN', 'MGGA_C_R2SCAN'],
  SCANL: ['MGGA_X_SCANL', 'MGGA_C_SCANL'],
  R2SCANL: ['MGGA_X_R2SCANL', 'MGGA_C_R2SCANL'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  RTPSS: ['MGGA_X_RTPSS'],
  M06L: ['MGGA_X_M06_L', 'MGGA_C_M06_L'],
  MS0: ['MGGA_X_MS0'],
  MS1: ['MGGA_X_MS1'],
  MS2: ['MGGA_X_MS2'],
  // Modified Becke-Johnson is Tran-Blaha 2009 in libxc.
  MBJ: ['MGGA_X_TB09'],
  // Exchange and correlation in one libxc functional.
  HLE17: ['MGGA_XC_HLE17'],
};

/** GGA tag values meaning 'no explicit choice': the POTCAR's functional applies. */
const UNSET: ReadonlySet<string> = new Set(['', '--', 'NONE']);

/**
 * Functional of the pseudopotentials from their titles: 'PAW_PBE' is PBE, 'PAW_GGA'/'US_GGA' are
 * PW91, plain 'PAW'/'US' are LDA. Undefined when there are no titles.
 */
export function potcarFunctional(titles: readonly string[]): string | undefined {
  const kinds = titles.map((title) => (title.trim().split(/\s+/)[0] ?? '').toUpperCase());
  const first = kinds[0];
  if (first === undefined) return undefined;
  if (first.includes('PBE')) return 'PE';
  if (first.includes('GGA')) return '91';
  if (/^(PAW|US|NC)$/.test(first)) return 'CA';
  return undefined;
}

function close(value: number | undefined, target: number): boolean {
  return value !== undefined && Math.abs(value - target) < 1e-4;
}

function hybridOf(settings: Settings, gga: string | undefined): Functional | undefined {
  const aexx = settings.number('AEXX') ?? 0.25;
  const hfscreen = settings.number('HFSCREEN') ?? 0;
  const parameters = { exact_exchange_mixing_factor: aexx };
  if (close(hfscreen, 0.2)) return { name: 'HYB_GGA_XC_HSE06', parameters };
  if (close(hfscreen, 0.3)) return { name: 'HYB_GGA_XC_HSE03', parameters };
  if (gga === 'B3') return { name: 'HYB_GGA_XC_B3LYP3', parameters };
  if (gga === undefined || gga === 'PE' || gga === 'PBE') return { name: 'HYB_GGA_XC_PBEH', parameters };
  return undefined;
}

function empty(): XcFunctional {
  return { exchange: [], correlation: [], hybrid: [], contributions: [] };
}

function sorted(names: readonly string[]): XcFunctional {
  const xc = empty();
  for (const name of names) {
    const kind = name.startsWith('HYB_')
      ? 'hybrid'
      : /_X_|_X$/.test(name)
        ? 'exchange'
        : /_C_|_C$/.test(name)
          ? 'correlation'
          : 'contributions';
    xc[kind].push({ name });
  }
  return xc;
}

/**
 * The run's functional. `warn` hears about tag values that have no libxc mapping (the functional
 * is then left empty rather than guessed).
 */
export function xcFunctionalOf(
  settings: Settings,
  potcarTitles: readonly string[],
  warn: (message: string) => void,
): XcFunctional {
  const rawGga = settings.string('GGA');
  const gga = rawGga === undefined || UNSET.has(rawGga) ? potcarFunctional(potcarTitles) : rawGga;

  if (settings.boolean('LHFCALC')) {
    // Pure Hartree-Fock: all exact exchange, no local correlation.
    if (
      close(settings.number('AEXX'), 1) &&
      close(settings.number('ALDAC'), 0) &&
      close(settings.number('AGGAC'), 0)
    ) {
      return { ...empty(), contributions: [{ name: 'HF_X' }] };
    }
    const hybrid = hybridOf(settings, gga);
    if (hybrid) return { ...empty(), hybrid: [hybrid] };
    warn(`unknown hybrid functional (LHFCALC with GGA = ${rawGga ?? 'unset'}): xc functional left empty`);
    return empty();
  }

  const metagga = settings.string('METAGGA');
  if (metagga !== undefined && !UNSET.has(metagga)) {
    const names = METAGGA[metagga];
    if (names) return sorted(names);
    warn(`unknown METAGGA = ${metagga}: xc functional left empty`);
    return empty();
  }
  if (gga === undefined) {
    // No tag and no POTCAR title: VASP's default POTCARs are PBE.
    return sorted(GGA.PE as readonly string[]);
  }
  const names = GGA[gga];
  if (names) return sorted(names);
  warn(`unknown GGA = ${gga}: xc functional left empty`);
  return empty();
}
