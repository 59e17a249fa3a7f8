// A number conversion for the values a reader meets on most lines of a long output: plain decimals are
// read by Number (cheap), and only what Number cannot read takes the Fortran route of `real` (D exponents,
// '1.5-100', and stars, which are reported).
import { type Convert, real } from './rules.ts';

/** Group `group` as a number: a plain decimal directly, anything else as `real` reads it. */
export const number = (group = 1): Convert<number> => {
  const fortran = real(group);
  return (match, warn) => {
    const token = match[group];
    if (token === undefined) return undefined;
    const value = Number(token);
    // Number also reads '0x1F', '0b1', '0o7' and '' (0), which no output means as such.
    return Number.isFinite(value) && token.trim() !== '' && !/[xXbBoO]/.test(token)
      ? value
      : fortran(match, warn);
  };
};

/**
 * Group `group` as JavaScript's Number reads it, NaN included: for readers whose values must stay as
 * their first, hand-written versions read them (no Fortran exponents, no warnings).
 */
export const plainNumber =
  (group = 1): Convert<number> =>
  (match) =>
    match[group] === undefined ? undefined : Number(match[group]);
