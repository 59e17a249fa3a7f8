// Exchange-correlation functional of a VASP run from its tags (GGA, METAGGA, LHFCALC ...), named
// as in Libxc, in NOMAD's method.dft.xc_functional layout.
import { booleanTag, numberTag, textTag, type IncarTags } from './incar.ts';

export interface Functional {
  name: string;
  parameters?: Record<string, number>;
}

export interface XcFunctional {
  /** All component names, sorted and joined by '+', as NOMAD's normaliser writes it. */
  name?: string;
  exchange?: Functional[];
  correlation?: Functional[];
  hybrid?: Functional[];
  contributions?: Functional[];
}

/** GGA tag -> exchange and correlation. The vdW-DF exchange flavours are handled separately. */
const GGA: Readonly<Record<string, readonly string[]>> = {
  PE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  '91': ['GGA_X_PW91', 'GGA_C_PW91'],
  RP: ['GGA_X_RPBE', 'GGA_C_PBE'],
  RE: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  PS: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  AM: ['GGA_X_AM05', 'GGA_C_AM05'],
  CA: ['LDA_X', 'LDA_C_PZ'],
  PZ: ['LDA_X', 'LDA_C_PZ'],
  VW: ['LDA_X', 'LDA_C_VWN'],
  HL: ['LDA_X', 'LDA_C_HL'],
  WI: ['LDA_X', 'LDA_C_WIGNER'],
  BF: ['GGA_XC_BEEFV'],
};

/**
 * Exchange of the vdW-DF family (optPBE, optB88, optB86b, vdW-DF2, vdW-DF-cx). Their correlation is
 * LDA plus the nonlocal vdW term (no Libxc name) when AGGAC = 0, as the VASP manual prescribes,
 * and PBE correlation otherwise.
 */
const VDW_DF_EXCHANGE: Readonly<Record<string, string>> = {
  OR: 'GGA_X_OPTPBE_VDW',
  BO: 'GGA_X_OPTB88_VDW',
  MK: 'GGA_X_OPTB86B_VDW',
  ML: 'GGA_X_RPW86',
  CX: 'GGA_X_LV_RPW86',
};

const METAGGA: Readonly<Record<string, readonly string[]>> = {
  SCAN: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
  RSCAN: ['MGGA_X_RSCAN', 'MGGA_C_RSCAN'],
  R2SCAN: ['MGGA_X_R2SCAN', 'MGGA_C_R2SCAN'],
  SCANL: ['MGGA_X_SCANL', 'MGGA_C_SCANL'],
  R2SCANL: ['MGGA_X_R2SCANL', 'MGGA_C_R2SCANL'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  RTPSS: ['MGGA_X_REVTPSS', 'MGGA_C_REVTPSS'],
  M06L: ['MGGA_X_M06_L', 'MGGA_C_M06_L'],
  MS0: ['MGGA_X_MS0'],
  MS1: ['MGGA_X_MS1'],
  MS2: ['MGGA_X_MS2'],
  MBJ: ['MGGA_X_TB09', 'LDA_C_PW'],
};

/**
 * GGA = '--' (or no GGA tag) means "as the POTCAR says": PAW_PBE potentials are PBE, PAW_GGA are
 * PW91, plain PAW/PAW_LDA are LDA. Unknown titles fall back to PBE, the common case.
 */
function ggaFromPotcars(potcars: readonly string[]): string {
  const kind = potcars[0]?.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (kind.startsWith('PAW_PBE')) return 'PE';
  if (kind.startsWith('PAW_GGA')) return '91';
  if (kind === 'PAW' || kind.startsWith('PAW_LDA')) return 'CA';
  return 'PE';
}

function near(value: number | undefined, target: number): boolean {
  return value !== undefined && Math.abs(value - target) < 1e-6;
}

/** The functional of a run; `warnings` says what could not be named. */
export function xcFunctional(
  tags: IncarTags,
  potcars: readonly string[],
): { xc: XcFunctional; warnings: string[] } {
  const warnings: string[] = [];
  const exchange: Functional[] = [];
  const correlation: Functional[] = [];
  const hybrid: Functional[] = [];
  const contributions: Functional[] = [];
  const place = (name: string): void => {
    if (/_X(_|$)/.test(name)) exchange.push({ name });
    else if (/_C(_|$)/.test(name)) correlation.push({ name });
    else contributions.push({ name });
  };

  let gga = textTag(tags, 'GGA');
  if (gga === undefined || gga === '--') gga = ggaFromPotcars(potcars);
  const metagga = textTag(tags, 'METAGGA');
  // METAGGA = F reads as a boolean, so only a named meta-GGA is a string here.
  const useMetagga = metagga !== undefined && metagga !== '--';

  if (booleanTag(tags, 'LHFCALC') === true) {
    const aexx = numberTag(tags, 'AEXX') ?? 0.25;
    const hfscreen = numberTag(tags, 'HFSCREEN') ?? 0;
    const aldac = numberTag(tags, 'ALDAC') ?? 1;
    const aggac = numberTag(tags, 'AGGAC') ?? 1;
    const parameters = { exact_exchange_mixing_factor: aexx };
    if (near(hfscreen, 0.2)) hybrid.push({ name: 'HYB_GGA_XC_HSE06', parameters });
    else if (near(hfscreen, 0.3)) hybrid.push({ name: 'HYB_GGA_XC_HSE03', parameters });
    else if (gga === 'B3') hybrid.push({ name: 'HYB_GGA_XC_B3LYP3', parameters });
    else if (near(aexx, 1) && near(aldac, 0) && near(aggac, 0)) contributions.push({ name: 'HF_X' });
    else if (gga === 'PE' || gga === 'PBE') hybrid.push({ name: 'HYB_GGA_XC_PBEH', parameters });
    else warnings.push(`hybrid functional with GGA = ${gga}, AEXX = ${aexx} has no Libxc name here`);
  } else if (useMetagga) {
    const names = METAGGA[metagga];
    if (names) names.forEach(place);
    else warnings.push(`METAGGA = ${metagga} has no Libxc mapping here`);
  } else if (VDW_DF_EXCHANGE[gga] !== undefined) {
    place(VDW_DF_EXCHANGE[gga] ?? '');
    place(near(numberTag(tags, 'AGGAC'), 0) ? 'LDA_C_PW' : 'GGA_C_PBE');
  } else {
    const names = GGA[gga];
    if (names) names.forEach(place);
    else warnings.push(`GGA = ${gga} has no Libxc mapping here`);
  }

  const xc: XcFunctional = {};
  const all = [...exchange, ...correlation, ...hybrid, ...contributions].map((f) => f.name).sort();
  if (all.length > 0) xc.name = all.join('+');
  if (exchange.length > 0) xc.exchange = exchange;
  if (correlation.length > 0) xc.correlation = correlation;
  if (hybrid.length > 0) xc.hybrid = hybrid;
  if (contributions.length > 0) xc.contributions = contributions;
  return { xc, warnings };
}
