// File-work thread entry: worker threads start without the TypeScript loader (their execArgv is emptied),
// so register tsx here before importing the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./file-work-thread.ts');
