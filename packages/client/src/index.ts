export * from './client.ts';
export * from './errors.ts';
export * from './json.ts';
export * from './operations.ts';
