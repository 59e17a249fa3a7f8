// Parser-process entry: the process starts without a TypeScript loader (its execArgv holds only the
// memory limit), so register tsx here before importing the parser code.
import { register } from 'tsx/esm/api';

register();
await import('./parse-process.ts');
