/** Sub-sections that repeat come as lists, single ones as objects; the overview treats both as lists. */
export function listOf<T>(value: T | readonly T[] | undefined | null): readonly T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}
