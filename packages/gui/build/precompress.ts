import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json|html|map)$/;
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` next to every text asset of a directory (not recursive). */
export async function precompressDirectory(dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  let written = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written++;
  }
  return written;
}

/**
 * The server would otherwise compress every script on each request, on the one thread that also answers
 * searches (about 15 ms a file, 19 files for the search page). Compressed once here at the highest
 * level, the server only picks the file the browser accepts.
 */
export function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'oasis-precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      await precompressDirectory(assetsDir);
    },
  };
}
