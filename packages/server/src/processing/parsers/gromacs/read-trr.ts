// GROMACS full-precision trajectories (.trr): per frame a header of sizes, the step, time and box, then
// positions, velocities and forces as present. Units are GROMACS': nm, ps, kJ/mol/nm.
import { XdrEndError, XdrReader } from './xdr.ts';

const TRR_MAGIC = 1993;

export interface TrrFrame {
  step: number;
  /** ps */
  time: number;
  /** Rows a, b, c in nm; undefined when the frame has no box. */
  box?: number[][];
  /** x, y, z per atom (nm), flattened. */
  positions?: Float64Array;
  /** nm/ps, flattened. */
  velocities?: Float64Array;
  /** kJ/mol/nm, flattened. */
  forces?: Float64Array;
}

/** Frames kept and atoms over all kept frames: a long trajectory is read in part. */
export interface TrajectoryLimits {
  maxFrames: number;
  maxAtoms: number;
}

interface Sizes {
  box: number;
  virial: number;
  pressure: number;
  x: number;
  v: number;
  f: number;
  atoms: number;
}

function precisionOf(sizes: Sizes, file: string): boolean {
  const width =
    sizes.box > 0 ? sizes.box / 9 : sizes.atoms > 0 ? (sizes.x || sizes.v || sizes.f) / (sizes.atoms * 3) : 4;
  if (width !== 4 && width !== 8) throw new Error(`${file}: a frame's sizes fit neither float nor double`);
  return width === 8;
}

function readFrame(reader: XdrReader, file: string): TrrFrame & { atoms: number } {
  const start = reader.offset;
  if (reader.int('a frame header') !== TRR_MAGIC)
    throw new Error(`${file}: no trajectory frame at byte ${start} (magic number ${TRR_MAGIC} expected)`);
  reader.prefixedString('the version string');
  const [ir, energies, box, virial, pressure, topology, symmetry, x, v, f, atoms] = Array.from(
    { length: 11 },
    () => reader.int('a frame header'),
  ) as [number, number, number, number, number, number, number, number, number, number, number];
  if (ir || energies || topology || symmetry)
    throw new Error(`${file}: the frame at byte ${start} has input-record or topology blocks, not read`);
  if (atoms < 0 || [box, virial, pressure, x, v, f].some((size) => size < 0))
    throw new Error(`${file}: the frame at byte ${start} has negative sizes`);
  const step = reader.int('the step');
  reader.int('the energy count');
  const sizes = { box, virial, pressure, x, v, f, atoms };
  const double = precisionOf(sizes, file);
  const time = reader.real(double, 'the time');
  reader.real(double, 'lambda');
  const frame: TrrFrame & { atoms: number } = { step, time, atoms };
  if (box) {
    const values = reader.reals(9, double, 'the box');
    frame.box = [0, 3, 6].map((row) => Array.from(values.subarray(row, row + 3)));
  }
  if (virial) reader.skip(virial, 'the virial');
  if (pressure) reader.skip(pressure, 'the pressure');
  if (x) frame.positions = reader.reals(atoms * 3, double, 'the positions');
  if (v) frame.velocities = reader.reals(atoms * 3, double, 'the velocities');
  if (f) frame.forces = reader.reals(atoms * 3, double, 'the forces');
  return frame;
}

/**
 * The frames `readFrame` reads one after the other, within the limits. `partial`: the buffer is the head
 * of a longer file, so a frame it cuts off ends the reading instead of failing it.
 */
export function readFrames(
  buffer: Buffer,
  file: string,
  limits: TrajectoryLimits,
  partial: boolean,
  readFrame: (reader: XdrReader, file: string) => TrrFrame & { atoms: number },
): { frames: TrrFrame[]; truncated: boolean } {
  const reader = new XdrReader(buffer, file);
  const frames: TrrFrame[] = [];
  let atomsRead = 0;
  while (!reader.atEnd) {
    if (frames.length >= limits.maxFrames) return { frames, truncated: true };
    let read: TrrFrame & { atoms: number };
    try {
      read = readFrame(reader, file);
    } catch (error) {
      if (partial && error instanceof XdrEndError) return { frames, truncated: true };
      throw error;
    }
    const { atoms, ...frame } = read;
    atomsRead += atoms;
    if (atomsRead > limits.maxAtoms) return { frames, truncated: true };
    frames.push(frame);
  }
  return { frames, truncated: false };
}

/** The frames of a full-precision trajectory; `partial` as for readFrames. */
export const readTrr = (buffer: Buffer, file: string, limits: TrajectoryLimits, partial = false) =>
  readFrames(buffer, file, limits, partial, readFrame);
