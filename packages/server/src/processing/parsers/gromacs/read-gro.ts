// GROMACS structure files (.gro): a title, the atom count, one fixed-column line per atom (residue number
// and name, atom name and number, position in nm, optional velocity), and the box.

export interface GroAtom {
  /** Residue number (it wraps at 100,000) and name: together they tell one molecule from the next. */
  residueNumber: number;
  residue: string;
  name: string;
  /** nm */
  position: [number, number, number];
}

export interface GroStructure {
  title: string;
  atoms: GroAtom[];
  /** Rows a, b, c in nm. */
  box: number[][];
}

/** The width of a position field: GROMACS writes fixed decimals, so the distance between the points. */
function fieldWidth(line: string, lineNumber: number, file: string): number {
  const first = line.indexOf('.', 20);
  const second = line.indexOf('.', first + 1);
  if (first < 0 || second < 0) throw new Error(`${file} line ${lineNumber}: no position`);
  return second - first;
}

/** The box line: v1(x) v2(y) v3(z), then for triclinic boxes v1(y) v1(z) v2(x) v2(z) v3(x) v3(y). */
function boxOf(line: string, lineNumber: number, file: string): number[][] {
  const v = line.trim().split(/\s+/).map(Number);
  if ((v.length !== 3 && v.length !== 9) || v.some((x) => !Number.isFinite(x)))
    throw new Error(`${file} line ${lineNumber}: a box of 3 or 9 numbers expected`);
  const [xx, yy, zz, xy = 0, xz = 0, yx = 0, yz = 0, zx = 0, zy = 0] = v as number[];
  return [
    [xx!, xy, xz],
    [yx, yy!, yz],
    [zx, zy, zz!],
  ];
}

export function readGro(text: string, file: string, maxAtoms: number): GroStructure {
  const lines = text.split(/\r?\n/);
  const count = Number(lines[1]?.trim());
  if (!Number.isInteger(count) || count < 0) throw new Error(`${file} line 2: the number of atoms expected`);
  if (count > maxAtoms) throw new Error(`${file}: ${count} atoms, more than the ${maxAtoms} read`);
  if (lines.length < count + 3) throw new Error(`${file} ends before its ${count} atoms and the box`);
  const width = count > 0 ? fieldWidth(lines[2]!, 3, file) : 8;
  const atoms = lines.slice(2, 2 + count).map((line, index): GroAtom => {
    const position = [0, 1, 2].map((k) => Number(line.slice(20 + k * width, 20 + (k + 1) * width))) as [
      number,
      number,
      number,
    ];
    if (position.some((x) => !Number.isFinite(x)) || line.length < 20 + 3 * width)
      throw new Error(`${file} line ${index + 3}: an atom line with a position expected`);
    return {
      residueNumber: Number(line.slice(0, 5)),
      residue: line.slice(5, 10).trim(),
      name: line.slice(10, 15).trim(),
      position,
    };
  });
  return { title: lines[0]!.trim(), atoms, box: boxOf(lines[2 + count]!, count + 3, file) };
}
