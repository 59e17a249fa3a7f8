// What the viewer starts with for a structure (spec 3 §4, §9).
import type { WrapMode } from '@oasis/chem';
import { BONDS_DISABLED_ABOVE, BONDS_ON_BELOW, HIGH_QUALITY_UP_TO } from './limits.ts';

/** Structural types whose atoms form one piece: shown unwrapped and without cell or lattice. */
const WHOLE_PIECES = ['molecule / cluster', 'molecule', 'monomer', 'atom'];

function isMoleculeLike(structuralType: string | undefined): boolean {
  return structuralType !== undefined && WHOLE_PIECES.includes(structuralType);
}

export interface ViewerDefaults {
  bonds: boolean;
  bondsDisabled: boolean;
  highQuality: boolean;
  wrapMode: WrapMode;
  cellDisabled: boolean;
}

export function viewerDefaults(nAtoms: number, structuralType: string | undefined): ViewerDefaults {
  const molecule = isMoleculeLike(structuralType);
  return {
    bonds: nAtoms < BONDS_ON_BELOW,
    bondsDisabled: nAtoms > BONDS_DISABLED_ABOVE,
    highQuality: nAtoms <= HIGH_QUALITY_UP_TO,
    wrapMode: molecule ? 'unwrap' : 'original',
    cellDisabled: molecule,
  };
}

/** The viewer throws on an atom count that is no count (spec 3 §5). */
export function checkAtomCount(n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new Error(`Invalid number of atoms: ${String(n)}`);
  return n;
}
