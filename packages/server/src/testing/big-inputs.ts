// Generated inputs of hundreds of MB for the containment tests and benchmark, produced in 1 MB pieces
// so that nobody holds them whole.

const MB = 1024 ** 2;

/** `{"data":{"values":[0,0,...]}}` of `bytes` (default 400 MB): JSON.parse of it outgrows any heap. */
export function* zerosArchive(bytes = 400 * MB): Iterable<Buffer> {
  yield Buffer.from('{"data":{"values":[');
  const piece = Buffer.from('0,'.repeat(MB / 2));
  for (let written = 0; written < bytes; written += piece.length) yield piece;
  yield Buffer.from('0]}}');
}

/** A trajectory of `bytes` (default 400 MB): frames of 1000 silicon atoms with CP2K-style time stamps. */
export function* trajectory(bytes = 400 * MB): Iterable<Buffer> {
  const lines = Array.from({ length: 1000 }, (_, i) => {
    const [x, y, z] = [i % 10, Math.floor(i / 10) % 10, Math.floor(i / 100)].map((n) => (n * 2.1).toFixed(2));
    return `Si ${x} ${y} ${z}\n`;
  });
  const atoms = Buffer.from(lines.join(''));
  for (let frame = 0, written = 0; written < bytes; frame++) {
    const head = Buffer.from(`1000\n i = ${frame}, time = ${(frame * 0.5).toFixed(3)}, E = -1.0\n`);
    written += head.length + atoms.length;
    yield Buffer.concat([head, atoms]);
  }
}
