// DL_POLY configurations: CONFIG (and REVCON) and the frames of HISTORY. A record per atom: its name (and
// index) on one line, then its position, and its velocity and force when the level key says so (0, 1, 2).
// Cells are three rows in Å; imcon 0 is a system without periodic boundaries.

interface DlpolyAtom {
  name: string;
  /** Å */
  position: number[];
  /** Å/ps */
  velocity?: number[];
  /** amu Å/ps² (DL_POLY's internal force unit, 10 J/mol/Å) */
  force?: number[];
}

export interface DlpolyFrame {
  /** The MD step of a HISTORY frame; absent for CONFIG. */
  step?: number;
  /** Rows a, b, c in Å; absent when imcon is 0. */
  cell?: number[][];
  atoms: DlpolyAtom[];
}

const numbers = (line: string | undefined) =>
  (line ?? '')
    .trim()
    .split(/\s+/)
    .map((token) => Number(token.replace(/[dD]/, 'E')));

const vector = (line: string | undefined, where: () => string): number[] => {
  const values = numbers(line).slice(0, 3);
  if (values.length < 3 || values.some((x) => !Number.isFinite(x)))
    throw new Error(`${where()}: three numbers expected`);
  return values;
};

/** Reads one frame from line `start`: an optional cell, then atom records up to `count` (or a non-record). */
function readFrame(
  lines: readonly string[],
  start: number,
  level: number,
  periodic: boolean,
  count: number | undefined,
  file: string,
): { frame: DlpolyFrame; next: number } {
  const where = (index: number) => () => `${file} line ${index + 1}`;
  let index = start;
  const cell = periodic ? [0, 1, 2].map((k) => vector(lines[start + k], where(start + k))) : undefined;
  if (periodic) index += 3;
  const atoms: DlpolyAtom[] = [];
  const size = 2 + Math.min(level, 2);
  while (index < lines.length && (count === undefined || atoms.length < count)) {
    const name = lines[index]!.trim().split(/\s+/)[0];
    // A blank line or the next HISTORY frame ends the records.
    if (!name || name === 'timestep') break;
    if (index + size > lines.length)
      throw new Error(`${file} ends inside the record of atom ${atoms.length + 1}`);
    const atom: DlpolyAtom = { name, position: vector(lines[index + 1], where(index + 1)) };
    if (level >= 1) atom.velocity = vector(lines[index + 2], where(index + 2));
    if (level >= 2) atom.force = vector(lines[index + 3], where(index + 3));
    atoms.push(atom);
    index += size;
  }
  if (count !== undefined && atoms.length < count)
    throw new Error(`${file} has ${atoms.length} of its ${count} atoms`);
  return { frame: { ...(cell ? { cell } : {}), atoms }, next: index };
}

/** CONFIG: a title, 'levcfg imcon [...]', the cell unless imcon is 0, the atom records. */
export function readDlpolyConfig(text: string, file: string): DlpolyFrame {
  const lines = text.split(/\r?\n/);
  // A third number is the atom count in DL_POLY 4 but the step in a REVCON of DL_POLY 2: not relied on.
  const [level, imcon] = numbers(lines[1]);
  if (!Number.isInteger(level) || !Number.isInteger(imcon))
    throw new Error(`${file} line 2: the level and boundary keys expected`);
  const frame = readFrame(lines, 2, level!, imcon !== 0, undefined, file);
  if (frame.frame.atoms.length === 0) throw new Error(`${file} has no atoms`);
  return frame.frame;
}

/**
 * HISTORY: a title, 'keytrj imcon natoms [frames records]', then per frame 'timestep step natoms keytrj
 * imcon dt [time]', the cell and the records. At most `maxFrames` frames are read.
 */
export function readDlpolyHistory(text: string, file: string, maxFrames: number): DlpolyFrame[] {
  const lines = text.split(/\r?\n/);
  const frames: DlpolyFrame[] = [];
  for (let index = 0; index < lines.length && frames.length < maxFrames; index += 1) {
    const head = lines[index]!.trim().split(/\s+/);
    if (head[0] !== 'timestep') continue;
    const [step, count, level, imcon] = head.slice(1, 5).map(Number);
    if (![step, count, level, imcon].every(Number.isInteger))
      throw new Error(
        `${file} line ${index + 1}: a frame heading 'timestep step natoms keytrj imcon' expected`,
      );
    const { frame, next } = readFrame(lines, index + 1, level!, imcon !== 0, count, file);
    frames.push({ step: step!, ...frame });
    index = next - 1;
  }
  return frames;
}
