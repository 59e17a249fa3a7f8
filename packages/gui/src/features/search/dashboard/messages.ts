/** Texts of the widget edit forms and the YAML import that no widget field declares (spec 2 §5). */
export const MESSAGES = {
  /** The quantity input while empty. */
  quantityEmpty: 'Please specify a value.',
  quantityUnavailable: (quantity: string) => `The quantity "${quantity}" is not available.`,
  invalidScale: 'Invalid scaling type.',
  notYaml: (reason: string) => `This is not YAML: ${reason}`,
} as const;
