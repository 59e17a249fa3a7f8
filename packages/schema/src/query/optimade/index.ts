export { parseOptimadeFilter } from './parser.ts';
export type { Comparator, FilterNode, Literal, Operand, Position } from './parser.ts';
export { optimadeToQuery } from './translate.ts';
export type { OptimadeOptions } from './translate.ts';
export { OPTIMADE_PROPERTIES, NOMAD_PREFIX, resolveProperty } from './properties.ts';
export type { OptimadeQuantity, ResolvedProperty, ScalarType } from './properties.ts';
