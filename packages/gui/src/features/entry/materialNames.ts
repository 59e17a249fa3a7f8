const N_ELEMENTS_NAMES = [
  'unary',
  'binary',
  'ternary',
  'quaternary',
  'quinary',
  'senary',
  'septenary',
  'octonary',
  'nonary',
  'decimary',
] as const;

/** 'ternary' for 3 elements, up to 'decimary' for 10; larger counts are just the number. */
export function nElementsName(nElements: number | undefined): string | undefined {
  if (nElements === undefined || !Number.isInteger(nElements) || nElements < 1) return undefined;
  return N_ELEMENTS_NAMES[nElements - 1] ?? String(nElements);
}

/** e.g. '3 (ternary)' */
export function nElementsText(nElements: number | undefined): string | undefined {
  const name = nElementsName(nElements);
  if (name === undefined) return undefined;
  return name === String(nElements) ? name : `${nElements} (${name})`;
}
