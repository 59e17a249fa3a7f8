// Numbers as simulation codes print them: Fortran reals with E or D exponents, exponents without a letter
// when the field is narrow ('1.234-100'), fields that run into each other ('-47.7211-47.7039'), and stars
// where a value overflowed its field ('*******'), which are no number.

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?/g;

/** A whole Fortran real, also with D for E or a bare signed exponent ('1.0D-3', '2.5-102'). */
const FORTRAN_REAL = /^([-+]?(?:\d+\.?\d*|\.\d+))(?:[eEdD]([-+]?\d+)|([-+]\d{2,3}))?$/;

/** Every number in a piece of text, in order (fields that run into each other come apart). */
export const numbersIn = (text: string): number[] =>
  [...text.matchAll(NUMBER)].map((match) => Number(match[0].replace(/[dD]/, 'e')));

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
