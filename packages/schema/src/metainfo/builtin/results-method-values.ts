/** Value lists of results.method enumerations, shared by its sections. */

export const METHOD_NAMES = [
  'DFT',
  'TB',
  'GW',
  'DMFT',
  'BSE',
  'EELS',
  'XPS',
  'XRD',
  'NMR',
  'CoreHole',
  'kMC',
  'quantum cms',
  'unavailable',
] as const;

export const XC_FUNCTIONAL_TYPES = [
  'LDA',
  'GGA',
  'meta-GGA',
  'hyper-GGA',
  'hybrid',
  'not processed',
  'unavailable',
] as const;

export const BASIS_SET_TYPES = [
  '(L)APW+lo',
  'gaussians',
  'numeric AOs',
  'plane waves',
  'psinc functions',
  'real-space grid',
  'not processed',
  'unavailable',
] as const;

export const CORE_ELECTRON_TREATMENTS = [
  'full all electron',
  'all electron frozen core',
  'pseudopotential',
  'unavailable',
] as const;
