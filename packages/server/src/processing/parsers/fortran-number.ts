// Fortran reals as POSCAR, INCAR and XYZ files write them.

/** A Fortran real: decimals, exponents with E or D ('1.0D-3'). */
const FORTRAN_REAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?$/;

/** The value of a token that is a whole Fortran real, else undefined (text, '1.0.0', ''). */
export function fortranReal(token: string | undefined): number | undefined {
  return token !== undefined && FORTRAN_REAL.test(token) ? Number(token.replace(/[dD]/, 'e')) : undefined;
}
