// LAMMPS 'dcd' dumps (the CHARMM binary trajectory): Fortran records of a header (frame count, first step,
// steps between frames, whether a cell precedes each frame), a title, the atom count, then per frame the
// optional cell (six doubles: a, cos γ, b, cos β, cos α, c) and x, y, z as 32-bit floats, in Å.
import type { DumpFrame, DumpLimits } from './read-dump.ts';

/** Cell angles are written as cosines by LAMMPS, as degrees by some other writers. */
const cosineOf = (value: number) => (Math.abs(value) <= 1 ? value : Math.cos((value * Math.PI) / 180));

export function readLammpsDcd(
  bytes: Uint8Array,
  limits: DumpLimits,
): { frames: DumpFrame[]; truncated: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 100) throw new Error('the dcd file is shorter than its header');
  const little = view.getInt32(0, true) === 84;
  if (!little && view.getInt32(0, false) !== 84) throw new Error('not a dcd file: no 84-byte header record');
  const int = (offset: number) => view.getInt32(offset, little);
  let offset = 0;
  /** The payload offset and length of the Fortran record at `offset`, and moves past it. */
  const record = (): [number, number] => {
    if (offset + 4 > bytes.byteLength) throw new Error('the dcd file ends inside a record');
    const length = int(offset);
    const start = offset + 4;
    if (length < 0 || start + length + 4 > bytes.byteLength)
      throw new Error('the dcd file ends inside a record');
    offset = start + length + 4;
    return [start, length];
  };
  const [header] = record();
  const declared = int(header + 4);
  const firstStep = int(header + 8);
  const stride = int(header + 12) || 1;
  const hasCell = int(header + 4 + 40) === 1;
  record(); // title
  const [countAt] = record();
  const count = int(countAt);
  const frames: DumpFrame[] = [];
  let atomsRead = 0;
  while (offset < bytes.byteLength) {
    if (frames.length >= limits.maxFrames || atomsRead + count > limits.maxAtoms)
      return { frames, truncated: true };
    let box: DumpFrame['box'];
    if (hasCell) {
      const [at] = record();
      const cell = [0, 1, 2, 3, 4, 5].map((k) => view.getFloat64(at + 8 * k, little));
      const [a, cosGamma, b, cosBeta, cosAlpha, c] = [
        cell[0]!,
        cosineOf(cell[1]!),
        cell[2]!,
        cosineOf(cell[3]!),
        cosineOf(cell[4]!),
        cell[5]!,
      ];
      const sinGamma = Math.sqrt(1 - cosGamma ** 2);
      const cx = c * cosBeta;
      const cy = (c * (cosAlpha - cosBeta * cosGamma)) / sinGamma;
      box = [
        [a, 0, 0],
        [b * cosGamma, b * sinGamma, 0],
        [cx, cy, Math.sqrt(Math.max(0, c * c - cx * cx - cy * cy))],
      ];
    }
    const axes = [0, 1, 2].map(() => {
      const [at, length] = record();
      if (length !== 4 * count)
        throw new Error(`dcd frame ${frames.length + 1}: a coordinate record of ${length} bytes`);
      return (k: number) => view.getFloat32(at + 4 * k, little);
    });
    const atoms: DumpFrame['atoms'] = [];
    for (let k = 0; k < count; k += 1)
      atoms.push({ type: Number.NaN, position: [axes[0]!(k), axes[1]!(k), axes[2]!(k)] });
    frames.push({
      step: firstStep + frames.length * stride,
      ...(box ? { box } : {}),
      origin: [0, 0, 0],
      atoms,
    });
    atomsRead += count;
  }
  if (declared > 0 && frames.length < declared) return { frames, truncated: true };
  return { frames, truncated: false };
}
