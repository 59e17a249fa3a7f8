// Octopus names its functional by libxc ids: XCFunctional = exchange id + 1000 × correlation id (as
// parser.log echoes it), or by libxc names joined by '+' in the input. These are the libxc names of the
// ids in use; an id not listed here leaves the functional unnamed (and a warning).

const LIBXC: Readonly<Record<number, string>> = {
  1: 'LDA_X',
  2: 'LDA_C_WIGNER',
  3: 'LDA_C_RPA',
  4: 'LDA_C_HL',
  5: 'LDA_C_GL',
  6: 'LDA_C_XALPHA',
  7: 'LDA_C_VWN',
  8: 'LDA_C_VWN_RPA',
  9: 'LDA_C_PZ',
  10: 'LDA_C_PZ_MOD',
  11: 'LDA_C_OB_PZ',
  12: 'LDA_C_PW',
  13: 'LDA_C_PW_MOD',
  14: 'LDA_C_OB_PW',
  17: 'LDA_C_VBH',
  19: 'LDA_X_2D',
  20: 'LDA_XC_TETER93',
  21: 'LDA_X_1D',
  101: 'GGA_X_PBE',
  102: 'GGA_X_PBE_R',
  106: 'GGA_X_B88',
  109: 'GGA_X_PW91',
  116: 'GGA_X_PBE_SOL',
  117: 'GGA_X_RPBE',
  118: 'GGA_X_WC',
  120: 'GGA_X_AM05',
  130: 'GGA_C_PBE',
  131: 'GGA_C_LYP',
  132: 'GGA_C_P86',
  133: 'GGA_C_PBE_SOL',
  134: 'GGA_C_PW91',
  135: 'GGA_C_AM05',
  160: 'GGA_X_LB',
  202: 'MGGA_X_TPSS',
  208: 'MGGA_X_TB09',
  231: 'MGGA_C_TPSS',
  263: 'MGGA_X_SCAN',
  267: 'MGGA_C_SCAN',
  401: 'HYB_GGA_XC_B3PW91',
  402: 'HYB_GGA_XC_B3LYP',
  406: 'HYB_GGA_XC_PBEH',
  428: 'HYB_GGA_XC_HSE06',
};

/** Names Octopus prints under 'Exchange' and 'Correlation', for a run without an XCFunctional value. */
const PRINTED_EXCHANGE: Readonly<Record<string, string>> = {
  'Slater exchange (LDA)': 'LDA_X',
  'Perdew, Burke & Ernzerhof (GGA)': 'GGA_X_PBE',
};
const PRINTED_CORRELATION: Readonly<Record<string, string>> = {
  'Perdew & Zunger (Modified) (LDA)': 'LDA_C_PZ_MOD',
  'Perdew & Zunger (LDA)': 'LDA_C_PZ',
  'Perdew & Wang (LDA)': 'LDA_C_PW',
  'Perdew, Burke & Ernzerhof (GGA)': 'GGA_C_PBE',
};

/** libxc names of an XCFunctional value (a number or names joined by '+'), or why there are none. */
export function xcNames(value: number | string): { names: string[] } | { problem: string } {
  if (typeof value === 'string') {
    const names = value
      .split('+')
      .map((name) => name.trim().toUpperCase())
      .filter(Boolean);
    return names.length > 0 ? { names } : { problem: `XCFunctional '${value}' names no functional` };
  }
  if (value === 0) return { names: [] };
  // Hybrids and combined functionals have one id (of 3 digits and more).
  const ids = [value % 1000, Math.floor(value / 1000)].filter((id) => id > 0);
  const names = ids.map((id) => LIBXC[id]);
  if (names.some((name) => name === undefined))
    return { problem: `XCFunctional ${value} has libxc ids without a name here` };
  return { names: names as string[] };
}

/** libxc names of the printed exchange and correlation (their first lines), where known. */
export const printedXcNames = (exchange?: string, correlation?: string): string[] =>
  [exchange && PRINTED_EXCHANGE[exchange], correlation && PRINTED_CORRELATION[correlation]].filter(
    (name): name is string => typeof name === 'string',
  );
