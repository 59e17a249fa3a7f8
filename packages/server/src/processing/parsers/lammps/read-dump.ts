// LAMMPS dump files ('dump ID group atom|custom N file ...'): per frame its timestep, box and the atoms'
// ids, types and positions, from x y z (or unwrapped xu yu zu, or scaled xs ys zs) columns; and the
// 'xyz' style (count, 'Atoms. Timestep: N', then type or element and x y z per atom, no box).

export interface DumpFrame {
  step: number;
  /** Rows in the run's length unit (tilts applied); absent in xyz and dcd dumps without a cell. */
  box?: [[number, number, number], [number, number, number], [number, number, number]];
  /** Subtracted from the positions already: they start at the box's lower corner. */
  origin: [number, number, number];
  /** Per atom, ordered by id: type (NaN when the dump names the element instead) and Cartesian position. */
  atoms: { type: number; element?: string; position: [number, number, number] }[];
}

/** Frames kept, and the atoms over all kept frames: a long trajectory is read in part, not whole. */
export interface DumpLimits {
  maxFrames: number;
  maxAtoms: number;
}

export function readLammpsDump(
  text: string,
  limits: DumpLimits,
): { frames: DumpFrame[]; truncated: boolean } {
  const lines = text.split(/\r?\n/);
  const frames: DumpFrame[] = [];
  let atomsRead = 0;
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i]!.trim() !== 'ITEM: TIMESTEP') continue;
    if (frames.length >= limits.maxFrames) return { frames, truncated: true };
    const step = Number(lines[i + 1]);
    if (lines[i + 2]?.trim() !== 'ITEM: NUMBER OF ATOMS')
      throw new Error(`dump line ${i + 3}: 'ITEM: NUMBER OF ATOMS' expected`);
    const count = Number(lines[i + 3]);
    if (!Number.isInteger(count) || count < 0) throw new Error(`dump line ${i + 4}: no atom count`);
    if (atomsRead + count > limits.maxAtoms) return { frames, truncated: true };
    const boundsHeader = lines[i + 4]?.trim() ?? '';
    if (!boundsHeader.startsWith('ITEM: BOX BOUNDS'))
      throw new Error(`dump line ${i + 5}: 'ITEM: BOX BOUNDS' expected`);
    const bounds = [5, 6, 7].map((k) => (lines[i + k] ?? '').trim().split(/\s+/).map(Number));
    const triclinic = /xy xz yz/.test(boundsHeader);
    const [xy, xz, yz] = triclinic ? [bounds[0]![2]!, bounds[1]![2]!, bounds[2]![2]!] : [0, 0, 0];
    // Triclinic dumps give the bounding box; the cell's own bounds take the tilts out.
    const xlo = bounds[0]![0]! - (triclinic ? Math.min(0, xy, xz, xy + xz) : 0);
    const xhi = bounds[0]![1]! - (triclinic ? Math.max(0, xy, xz, xy + xz) : 0);
    const ylo = bounds[1]![0]! - (triclinic ? Math.min(0, yz) : 0);
    const yhi = bounds[1]![1]! - (triclinic ? Math.max(0, yz) : 0);
    const [zlo, zhi] = [bounds[2]![0]!, bounds[2]![1]!];
    const box: NonNullable<DumpFrame['box']> = [
      [xhi - xlo, 0, 0],
      [xy, yhi - ylo, 0],
      [xz, yz, zhi - zlo],
    ];
    const header = (lines[i + 8] ?? '').trim().split(/\s+/).slice(2);
    if (!(lines[i + 8] ?? '').trim().startsWith('ITEM: ATOMS'))
      throw new Error(`dump line ${i + 9}: 'ITEM: ATOMS' expected`);
    const column = (...names: string[]) =>
      names.map((name) => header.indexOf(name)).find((index) => index >= 0) ?? -1;
    const id = column('id');
    const type = column('type');
    const x = column('x', 'xu', 'xs', 'xsu');
    const y = column('y', 'yu', 'ys', 'ysu');
    const z = column('z', 'zu', 'zs', 'zsu');
    if (type < 0 || x < 0 || y < 0 || z < 0) throw new Error(`dump line ${i + 9}: no type and x y z columns`);
    const scaled = /^xs/.test(header[x]!);
    const rows = lines.slice(i + 9, i + 9 + count).map((line) => line.trim().split(/\s+/).map(Number));
    if (rows.length < count) throw new Error(`dump line ${i + 9}: the frame has fewer than ${count} atoms`);
    const atoms = rows
      .map((row, index) => {
        let position: [number, number, number] = [row[x]!, row[y]!, row[z]!];
        if (scaled)
          position = [0, 1, 2].map(
            (j) => position[0] * box[0][j]! + position[1] * box[1][j]! + position[2] * box[2][j]!,
          ) as [number, number, number];
        else position = [position[0] - xlo, position[1] - ylo, position[2] - zlo];
        return { id: id >= 0 ? row[id]! : index + 1, type: row[type]!, position };
      })
      .sort((a, b) => a.id - b.id)
      .map(({ type: atomType, position }) => ({ type: atomType, position }));
    frames.push({ step, box, origin: [xlo, ylo, zlo], atoms });
    atomsRead += count;
    i += 8 + count;
  }
  return { frames, truncated: false };
}

/** An 'xyz' dump: positions as LAMMPS has them (not shifted), the atom's type or element first. */
export function readLammpsXyz(text: string, limits: DumpLimits): { frames: DumpFrame[]; truncated: boolean } {
  const lines = text.split(/\r?\n/);
  const frames: DumpFrame[] = [];
  let atomsRead = 0;
  let i = 0;
  while (i < lines.length) {
    const head = lines[i]!.trim();
    if (head === '') {
      i += 1;
      continue;
    }
    const count = Number(head);
    if (!Number.isInteger(count) || count < 0) throw new Error(`xyz dump line ${i + 1}: no atom count`);
    if (frames.length >= limits.maxFrames || atomsRead + count > limits.maxAtoms)
      return { frames, truncated: true };
    const step = Number(/Timestep:\s*(\d+)/.exec(lines[i + 1] ?? '')?.[1] ?? frames.length);
    const atoms: DumpFrame['atoms'] = [];
    for (let k = i + 2; k < i + 2 + count; k += 1) {
      const fields = (lines[k] ?? '').trim().split(/\s+/);
      if (fields.length < 4)
        throw new Error(`xyz dump line ${k + 1}: the frame has fewer than ${count} atoms`);
      const type = Number(fields[0]);
      atoms.push({
        type,
        ...(Number.isNaN(type) ? { element: fields[0]! } : {}),
        position: [Number(fields[1]), Number(fields[2]), Number(fields[3])],
      });
    }
    frames.push({ step, origin: [0, 0, 0], atoms });
    atomsRead += count;
    i += 2 + count;
  }
  return { frames, truncated: false };
}
