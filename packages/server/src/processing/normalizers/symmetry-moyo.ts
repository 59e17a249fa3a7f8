// Loads the moyo symmetry library (WebAssembly) once per thread. In Node the wasm bytes must be
// handed to init() explicitly: the package's default loader fetches a URL, which Node cannot.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as moyo from '@spglib/moyo-wasm';

/** The moyo functions the symmetry analysis uses, available once the module is initialised. */
export type Moyo = Pick<
  typeof moyo,
  'analyze_cell' | 'hall_symbol_entry' | 'operations_from_number' | 'space_group_type' | 'wyckoff_positions'
>;

async function initialise(): Promise<Moyo> {
  const wasmPath = createRequire(import.meta.url).resolve('@spglib/moyo-wasm/moyo_wasm_bg.wasm');
  await moyo.default({ module_or_path: await readFile(wasmPath) });
  return moyo;
}

// The one piece of module state: a memoised initialisation promise. A wasm instance belongs to the
// thread that created it (each parser worker gets its own module copy), instantiating costs ~20 ms
// and the instance is stateless between calls, so sharing it within the thread is safe. A failed
// initialisation is forgotten so that the next call retries.
let loading: Promise<Moyo> | undefined;

/** The initialised moyo module of this thread. */
export function loadMoyo(): Promise<Moyo> {
  loading ??= initialise().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
