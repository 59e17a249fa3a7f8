// Numbers in the text outputs of simulation codes: Fortran reals (exponents with E or D) that may run
// into each other when a field overflows ('-47.7211-47.7039').

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?/g;

/** Every number in a piece of text, in order. */
export const numbersIn = (text: string): number[] =>
  [...text.matchAll(NUMBER)].map((match) => Number(match[0].replace(/[dD]/, 'e')));
