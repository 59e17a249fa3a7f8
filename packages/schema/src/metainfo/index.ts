export * from './model.ts';
/** Builders for definitions: define.str(...), define.section(...), ... */
export * as define from './define.ts';
export type { QuantityOptions, SearchOption } from './define.ts';
export * from './lookup.ts';
export * from './values.ts';
export * from './indexed.ts';
export { ELEMENT_SYMBOLS } from './builtin/elements.ts';
export { BASIS_SET_TYPES, METHOD_NAMES } from './builtin/results-method.ts';
export { BASIS_SET_CONTAINER_TYPES, RELATIVITY_METHODS } from './builtin/run-method.ts';
export { archiveDefinition, resultsDefinition, builtinPackages } from './builtin/archive.ts';
export { workflowVariants } from './builtin/workflow.ts';
export * from './artifacts-format.ts';
