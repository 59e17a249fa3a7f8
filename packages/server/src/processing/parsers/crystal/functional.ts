// CRYSTAL's functionals by libxc names: a shortcut keyword of the input's DFT block names a whole
// functional; otherwise the output's '(EXCHANGE)[CORRELATION] FUNCTIONAL:(...)[...]' line and the
// percentage of Fock exchange of a hybrid give the parts and their weights.
import type { XcFunctional } from '@oasis/schema';

export interface WeightedFunctional {
  name: string;
  weight: number;
}

/** Input shortcuts that name a whole functional (CRYSTAL manual, DFT block keywords). */
const SHORTCUTS: Readonly<Record<string, readonly string[]>> = {
  SVWN: ['LDA_X', 'LDA_C_VWN'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  PBEXC: ['GGA_C_PBE', 'GGA_X_PBE'],
  PBESOLXC: ['GGA_C_PBE_SOL', 'GGA_X_PBE_SOL'],
  SOGGAXC: ['GGA_X_SOGGA', 'GGA_C_PBE'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  PBESOL0: ['HYB_GGA_XC_PBE_SOL0'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  B3PW: ['HYB_GGA_XC_B3PW91'],
  B1WC: ['HYB_GGA_XC_B1WC'],
  B97H: ['HYB_GGA_XC_B97'],
  HSE06: ['HYB_GGA_XC_HSE06'],
  HSESOL: ['HYB_GGA_XC_HJS_PBE_SOL'],
  'LC-WPBE': ['HYB_GGA_XC_LRC_WPBE'],
  WB97: ['HYB_GGA_XC_WB97'],
  WB97X: ['HYB_GGA_XC_WB97X'],
  M06: ['HYB_MGGA_X_M06', 'MGGA_C_M06'],
  M06L: ['MGGA_X_M06_L', 'MGGA_C_M06_L'],
  M062X: ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  'M05-2X': ['HYB_MGGA_XC_M05_2X'],
  M05: ['HYB_MGGA_XC_M05'],
};

/** Exchange parts as the output names them. */
const EXCHANGE: Readonly<Record<string, string>> = {
  'PERDEW-BURKE-ERNZERHOF': 'GGA_X_PBE',
  'PERDEW-WANG GGA': 'GGA_X_PW91',
  'WU-COHEN GGA': 'GGA_X_WC',
  'BECKE 88': 'GGA_X_B88',
  'PBESOL GGA': 'GGA_X_PBE_SOL',
  'DIRAC-SLATER LDA': 'LDA_X',
  'SOGGA GGA': 'GGA_X_SOGGA',
};

/** Correlation parts as the output names them. */
const CORRELATION: Readonly<Record<string, string>> = {
  'PERDEW-BURKE-ERNZERHOF': 'GGA_C_PBE',
  'PERDEW-WANG GGA': 'GGA_C_PW91',
  'LEE-YANG-PARR': 'GGA_C_LYP',
  'PERDEW-ZUNGER': 'LDA_C_PZ',
  PBESOL: 'GGA_C_PBE_SOL',
  'VOSKO-WILK-NUSAIR': 'LDA_C_VWN',
  'PERDEW 86': 'GGA_C_P86',
  'PERDEW-WANG LSD': 'LDA_C_PW',
};

export interface FunctionalInput {
  keywords: readonly string[];
  hamiltonian?: string;
  functional?: { exchange: string; correlation: string };
  /** Percentage of Fock exchange. */
  hybrid?: number;
}

/** The weighted libxc parts of a run's functional; empty when they are not known here. */
export function functionalsOf(input: FunctionalInput): WeightedFunctional[] {
  if (input.hamiltonian === 'HARTREE-FOCK') return [{ name: 'HF_X', weight: 1 }];
  const shortcut = input.keywords.map((k) => SHORTCUTS[k.toUpperCase()]).find(Boolean);
  if (shortcut) return shortcut.map((name) => ({ name, weight: 1 }));
  if (!input.functional) return [];
  const exchange = EXCHANGE[input.functional.exchange.toUpperCase()];
  const correlation = CORRELATION[input.functional.correlation.toUpperCase()];
  const fock = (input.hybrid ?? 0) / 100;
  // PBE exchange and correlation with a quarter of Fock exchange is PBE0 (libxc's PBEH).
  if (exchange === 'GGA_X_PBE' && correlation === 'GGA_C_PBE' && input.hybrid === 25)
    return [{ name: 'HYB_GGA_XC_PBEH', weight: 1 }];
  const parts: WeightedFunctional[] = [];
  if (fock > 0) parts.push({ name: 'HF_X', weight: fock });
  if (exchange) parts.push({ name: exchange, weight: 1 - fock });
  if (correlation) parts.push({ name: correlation, weight: 1 });
  return exchange || correlation ? parts : [];
}

/** A weight as NOMAD prints it in a functional's name: '1.0', '0.84'. */
const weightText = (weight: number) => (Number.isInteger(weight) ? weight.toFixed(1) : String(weight));

/** method.dft.xc_functional of weighted parts, with the name that joins them ('1.0*GGA_C_PBE+...'). */
export function weightedXcFunctional(parts: readonly WeightedFunctional[]): XcFunctional {
  const section: Record<'exchange' | 'correlation' | 'hybrid' | 'contributions', WeightedFunctional[]> = {
    exchange: [],
    correlation: [],
    hybrid: [],
    contributions: [],
  };
  for (const part of parts) {
    const kind = part.name.startsWith('HYB_')
      ? 'hybrid'
      : part.name.includes('_XC_')
        ? 'contributions'
        : /_X(_|$)/.test(part.name)
          ? 'exchange'
          : 'correlation';
    section[kind].push({ name: part.name, weight: part.weight });
  }
  const name = [...parts]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((part) => `${weightText(part.weight)}*${part.name}`)
    .join('+');
  return { ...section, name };
}
