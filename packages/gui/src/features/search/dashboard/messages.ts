/** Texts of the widget edit forms and the YAML import (spec 2 §5). */
export const MESSAGES = {
  searchQuantityRequired: 'Search quantity required',
  scaleRequired: 'Scale required',
  sizeRequired: 'Size required',
  sizeInteger: 'Size must be an integer',
  xAxisRequired: 'X-axis configuration required',
  yAxisRequired: 'Y-axis configuration required',
  nbinsRequired: 'nbins required',
  nbinsInteger: 'nbins must be an integer',
  /** Accepting a scatter plot whose x or y quantity is empty. */
  specifyValue: 'Please specify a value',
  /** The quantity input while empty. */
  quantityEmpty: 'Please specify a value.',
  quantityUnavailable: (quantity: string) => `The quantity "${quantity}" is not available.`,
  invalidScale: 'Invalid scaling type.',
  notYaml: (reason: string) => `This is not YAML: ${reason}`,
} as const;
