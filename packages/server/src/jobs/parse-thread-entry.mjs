// Worker-thread entry: on Node 20 a loader named in execArgv is not active for the worker's first
// module, so register the TypeScript loader here before importing the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./parse-thread.ts');
