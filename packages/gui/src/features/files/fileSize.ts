const UNITS = ['kB', 'MB', 'GB'] as const;

/**
 * A file size in bytes, kB, MB or GB (powers of 1000) with one decimal, rounded to a whole number from
 * 100 on (spec 3 §9): 999 bytes, 1.5 kB, 123 MB.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'kB';
  for (const next of UNITS) {
    value /= 1000;
    unit = next;
    if (value < 1000 || next === 'GB') break;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${unit}`;
}
