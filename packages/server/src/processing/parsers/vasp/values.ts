// Text of vasprun.xml leaf elements (<i>, <v>, <r>, <c>) as typed values.

type ScalarValue = number | boolean | string;
/** An INCAR-like tag value: <i> gives a scalar, <v> a list. */
export type TagValue = ScalarValue | number[] | boolean[] | string[];

// Fortran drops the 'E' of three-digit exponents ('1.0-100'); such tokens are still numbers.
const FORTRAN_EXPONENT = /^([-+]?\d*\.?\d+)([-+]\d{3})$/;

/** One number; Fortran overflow fields ('*******') and other non-numbers become NaN. */
export function parseNumber(token: string): number {
  const value = Number(token);
  if (!Number.isNaN(value)) return value;
  const fortran = FORTRAN_EXPONENT.exec(token);
  return fortran ? Number(`${fortran[1]}e${fortran[2]}`) : Number.NaN;
}

export function tokens(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 9 || code === 13;

/**
 * The whitespace-separated numbers of a row such as '<r> -8.3785 0.0000 0.0000 </r>'. Scans the
 * text by hand: rows are most of a vasprun.xml, and split/trim would allocate for each.
 */
export function parseNumbers(text: string): number[] {
  const numbers: number[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (start >= 0) numbers.push(parseNumber(text.slice(start, i)));
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) numbers.push(parseNumber(text.slice(start)));
  return numbers;
}

function parseLogical(token: string): boolean {
  // VASP writes T/F; some versions write .TRUE./.FALSE.
  return /^\.?t/i.test(token);
}

/** Value of an <i> (scalar) or <v> (list) tag given its 'type' attribute (absent means float). */
export function parseTagValue(text: string, type: string | undefined, list: boolean): TagValue {
  // Strings keep inner spaces (SYSTEM = 'Si bulk'); a <v type="string"> is a list of words.
  if (type === 'string') return list ? tokens(text) : text.trim();
  const parts = tokens(text);
  if (type === 'logical') {
    const flags = parts.map(parseLogical);
    return !list && flags.length === 1 ? (flags[0] as boolean) : flags;
  }
  const numbers = parts.map(parseNumber);
  return !list && numbers.length === 1 ? (numbers[0] as number) : numbers;
}
