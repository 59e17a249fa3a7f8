/**
 * A byte count as people say it in messages ('2 GB', '256 MB', '1.5 GB', '12 kB'): powers of 1024 with
 * the everyday unit names, at most one decimal.
 */
export const formatBytes = (bytes: number): string => {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit]}`;
};
