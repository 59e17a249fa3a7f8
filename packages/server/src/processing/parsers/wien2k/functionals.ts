// libxc names of WIEN2k's functional options (case.in0's first line, or ':POT' of the .scf): a number
// (older versions), an XC_ name, or the exchange and correlation of energy (EX_, EC_) and potential
// (VX_, VC_) apart. The potential's parts are the ones the SCF ran with.

/** Options that name one whole functional. */
const WHOLE: Readonly<Record<string, readonly string[]>> = {
  '5': ['LDA_X', 'LDA_C_PW'],
  '6': ['HF_X'],
  '11': ['GGA_X_WC', 'GGA_C_PBE'],
  '13': ['GGA_X_PBE', 'GGA_C_PBE'],
  '17': ['GGA_X_PW91'],
  '18': ['HYB_GGA_XC_B3PW91'],
  '19': ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  '24': ['GGA_X_B88', 'GGA_C_LYP'],
  '27': ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  '28': ['MGGA_X_TB09', 'LDA_C_PW'],
  '29': ['MGGA_X_REVTPSS', 'MGGA_C_REVTPSS'],
  '46': ['GGA_X_HTBS'],
  '47': ['HYB_GGA_XC_B3LYP'],
  XC_LDA: ['LDA_X', 'LDA_C_PW'],
  XC_PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  XC_WC: ['GGA_X_WC', 'GGA_C_PBE'],
  XC_PBESOL: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  XC_B3PW91: ['HYB_GGA_XC_B3PW91'],
  XC_B3LYP: ['HYB_GGA_XC_B3LYP'],
  XC_MBJ: ['MGGA_X_TB09', 'LDA_C_PW'],
  XC_TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  XC_REVTPSS: ['MGGA_X_REVTPSS', 'MGGA_C_REVTPSS'],
  XC_MVS: ['MGGA_X_MVS', 'GGA_C_REGTPSS'],
  XC_MBEEF: ['MGGA_X_MBEEF', 'GGA_C_PBE_SOL'],
  XC_SCAN: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
  XC_SCANL: ['MGGA_X_SCANL', 'MGGA_C_SCANL'],
  XC_RSCAN: ['MGGA_X_RSCAN', 'MGGA_C_RSCAN'],
  XC_R2SCAN: ['MGGA_X_R2SCAN', 'MGGA_C_R2SCAN'],
  XC_TM: ['MGGA_X_TM', 'MGGA_C_TM'],
  XC_HTBS: ['GGA_X_HTBS'],
};

/** Exchange (X) and correlation (C) parts named after EX_/VX_ and EC_/VC_. */
const PARTS: Readonly<Record<string, { X?: string; C?: string }>> = {
  LDA: { X: 'LDA_X', C: 'LDA_C_PW' },
  PBE: { X: 'GGA_X_PBE', C: 'GGA_C_PBE' },
  PBESOL: { X: 'GGA_X_PBE_SOL', C: 'GGA_C_PBE_SOL' },
  WC: { X: 'GGA_X_WC' },
  PW91: { X: 'GGA_X_PW91', C: 'GGA_C_PW91' },
  B88: { X: 'GGA_X_B88' },
  LYP: { C: 'GGA_C_LYP' },
  MBJ: { X: 'MGGA_X_TB09' },
  TPSS: { X: 'MGGA_X_TPSS', C: 'MGGA_C_TPSS' },
  SCAN: { X: 'MGGA_X_SCAN', C: 'MGGA_C_SCAN' },
  HTBS: { X: 'GGA_X_HTBS' },
};

/** The libxc names of an option's words; none when they are not known here. */
export function functionalNames(words: readonly string[]): string[] {
  const whole = WHOLE[words[0]!.toUpperCase()];
  if (whole) return [...whole];
  // The potential's parts (VX_, VC_) if given, else the energy's (EX_, EC_).
  const names: string[] = [];
  for (const [kind, prefixes] of [
    ['X', ['VX_', 'EX_']],
    ['C', ['VC_', 'EC_']],
  ] as const) {
    for (const prefix of prefixes) {
      const word = words.find((w) => w.toUpperCase().startsWith(prefix));
      const name = word && PARTS[word.slice(3).toUpperCase()]?.[kind];
      if (name) {
        names.push(name);
        break;
      }
    }
  }
  return names;
}
