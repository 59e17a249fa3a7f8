// Numbers as structure files print them.

/** A number with fixed decimals where -0 prints as 0 (files compared by eye should not differ by sign). */
export function fixed(x: number, digits: number): string {
  const text = x.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}
