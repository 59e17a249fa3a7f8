import path from 'node:path';
import { fileExists, readFileBytes } from '../files/read.ts';

/** The built GUI in `distDir`: whether there is one, and its index.html (read per request: no-cache). */
export const guiBuild = (distDir: string) => {
  const indexFile = path.join(distDir, 'index.html');
  return {
    present: fileExists(distDir),
    indexHtml: (): Promise<Buffer | undefined> => readFileBytes(indexFile),
  };
};
