import { MESSAGES } from './messages.ts';

/** Power exponents of the statistics scales (spec 2 §9). */
const SCALE_EXPONENTS: ReadonlyMap<string, number> = new Map([
  ['linear', 1],
  ['1/2', 0.5],
  ['1/4', 0.25],
  ['1/8', 0.125],
]);

/**
 * Maps a count in [0, max] to [0, 1] for bar lengths and colours. Power scales spread small counts
 * apart; the log scale's domain starts at 1, so counts of 1 and below sit at 0. Throws
 * 'Invalid scaling type.' for anything but linear, log, 1/2, 1/4 and 1/8.
 */
export function scaler(scale: string): (value: number, max: number) => number {
  if (scale === 'log') {
    return (value, max) => {
      if (max <= 1) return value >= 1 ? 1 : 0;
      return Math.log(Math.max(1, value)) / Math.log(max);
    };
  }
  const exponent = SCALE_EXPONENTS.get(scale);
  if (exponent === undefined) throw new Error(MESSAGES.invalidScale);
  return (value, max) => (max <= 0 ? 0 : Math.pow(Math.max(0, Math.min(value, max)) / max, exponent));
}
