export * from './cell.ts';
export * from './constants.ts';
export * from './elements.ts';
export * from './linear-algebra.ts';
export * from './wrap.ts';
export * from './cif-syntax.ts';
export * from './symmetry-operations.ts';
