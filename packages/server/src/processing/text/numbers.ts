// Numbers as simulation codes print them: Fortran reals with E or D exponents, exponents without a letter
// when the field is narrow ('1.234-100'), fields that run into each other ('-47.7211-47.7039'), and stars
// where a value overflowed its field ('*******'), which are no number.

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?/g;

/** A whole Fortran real, also with D for E or a bare signed exponent ('1.0D-3', '2.5-102'). */
const FORTRAN_REAL = /^([-+]?(?:\d+\.?\d*|\.\d+))(?:[eEdD]([-+]?\d+)|([-+]\d{2,3}))?$/;

/** Every number in a piece of text, in order (fields that run into each other come apart). */
export function numbersIn(text: string): number[] {
  // An exec loop rather than matchAll, and a D replaced only where there is one: this runs on most rows
  // of long outputs.
  const values: number[] = [];
  NUMBER.lastIndex = 0;
  for (let match = NUMBER.exec(text); match; match = NUMBER.exec(text)) {
    const token = match[0];
    values.push(Number(token.includes('d') || token.includes('D') ? token.replace(/[dD]/, 'e') : token));
  }
  return values;
}

/** The value of a token that is a whole Fortran real, else undefined (text, '1.0.0', '****', ''). */
export function fortranReal(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  const match = FORTRAN_REAL.exec(token.trim());
  if (!match) return undefined;
  // A bare exponent only after a decimal point: '1-10' is no number, '1.5-10' is Fortran's 1.5E-10.
  if (match[3] !== undefined && !match[1]!.includes('.')) return undefined;
  const exponent = match[2] ?? match[3];
  return Number(exponent === undefined ? match[1] : `${match[1]}e${exponent}`);
}
