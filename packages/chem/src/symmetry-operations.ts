// Symmetry operations in the xyz notation of CIF files ('-x+1/2, y, z+1/2').
import type { Mat3, Vec3 } from './linear-algebra.ts';

export interface SymmetryOperation {
  /** Rows give the new x, y, z as combinations of the old ones. */
  rotation: Mat3;
  translation: Vec3;
}

const AXES = { x: 0, y: 1, z: 2 } as const;

function parseNumber(text: string, op: string): number {
  const [num, den] = text.split('/');
  const value = den === undefined ? Number(num) : Number(num) / Number(den);
  if (!Number.isFinite(value)) throw new Error(`symmetry operation '${op}' has an invalid number '${text}'`);
  return value;
}

function parseComponent(component: string, op: string): { row: Vec3; shift: number } {
  const row: Vec3 = [0, 0, 0];
  let shift = 0;
  const text = component.replace(/\s+/g, '').toLowerCase();
  if (text === '') throw new Error(`symmetry operation '${op}' has an empty component`);
  // Terms: optional sign, optional number (int, decimal or fraction), optional axis letter.
  const term = /([+-]?)(\d+(?:\.\d*)?(?:\/\d+)?|\.\d+)?\*?([xyz])?/g;
  let consumed = 0;
  for (let m = term.exec(text); m !== null && m[0] !== ''; m = term.exec(text)) {
    if (m.index !== consumed) break;
    consumed += m[0].length;
    const sign = m[1] === '-' ? -1 : 1;
    const axis = m[3] as keyof typeof AXES | undefined;
    if (axis !== undefined) {
      row[AXES[axis]] += sign * (m[2] === undefined ? 1 : parseNumber(m[2], op));
    } else if (m[2] !== undefined) {
      shift += sign * parseNumber(m[2], op);
    } else {
      break;
    }
  }
  if (consumed !== text.length) throw new Error(`symmetry operation '${op}' cannot be read`);
  return { row, shift };
}

/** Parses 'x,y,z'-style operations; throws a message naming the operation when it is malformed. */
export function parseSymmetryOperation(op: string): SymmetryOperation {
  const parts = op.trim().split(',');
  if (parts.length !== 3) throw new Error(`symmetry operation '${op}' does not have three components`);
  const [cx, cy, cz] = parts.map((p) => parseComponent(p, op)) as [
    ReturnType<typeof parseComponent>,
    ReturnType<typeof parseComponent>,
    ReturnType<typeof parseComponent>,
  ];
  return { rotation: [cx.row, cy.row, cz.row], translation: [cx.shift, cy.shift, cz.shift] };
}

export function applyOperation(op: SymmetryOperation, frac: Vec3): Vec3 {
  const [r0, r1, r2] = op.rotation;
  return [
    r0[0] * frac[0] + r0[1] * frac[1] + r0[2] * frac[2] + op.translation[0],
    r1[0] * frac[0] + r1[1] * frac[1] + r1[2] * frac[2] + op.translation[1],
    r2[0] * frac[0] + r2[1] * frac[1] + r2[2] * frac[2] + op.translation[2],
  ];
}

export function identityOperation(): SymmetryOperation {
  return {
    rotation: [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    translation: [0, 0, 0],
  };
}
