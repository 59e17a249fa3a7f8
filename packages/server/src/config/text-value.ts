/** A configuration value given as text: trimmed, and undefined when it is no string or only white space. */
export const trimmedText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
