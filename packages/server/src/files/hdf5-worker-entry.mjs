// HDF5 reader worker entry: worker threads start without the TypeScript loader (their execArgv is emptied),
// so register tsx here before importing the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./hdf5-worker.ts');
