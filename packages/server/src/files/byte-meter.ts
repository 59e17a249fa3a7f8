import { Transform } from 'node:stream';

/**
 * A pass-through that counts the bytes flowing through it and calls `check(total)` for every chunk; an
 * error thrown by `check` ends the stream with it. Archive limits count what is actually inflated or
 * received this way, never what a header claims.
 */
export const byteMeter = (check: (total: number) => void): Transform => {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      try {
        check(total);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
};
