// The standard band path through the special points of a lattice's Brillouin zone: the paths of
// Setyawan and Curtarolo (Comp. Mat. Sci. 49, 299 (2010)) per lattice variant, as ase tabulates them
// and NOMAD's phonopy parser draws when a run names no path. Sub-paths are separated by commas; a
// point name is a letter with an optional digit (Z1, Σ1).
import { apply3, type Mat3, type Vec3 } from '@oasis/chem';
import { isIdentity, latticeIsometries } from './kpath-labels.ts';
import type { StandardBrillouinZone } from './kpath-special-points.ts';

const PATHS: Readonly<Record<string, string>> = {
  CUB: 'ΓXMΓRX,MR',
  FCC: 'ΓXWKΓLUWLK,UX',
  BCC: 'ΓHNΓPH,PN',
  TET: 'ΓXMΓZRAZ,XR,MA',
  BCT1: 'ΓXMΓZPNZ1M,XP',
  BCT2: 'ΓXYΣΓZΣ1NPY1Z,XP',
  ORC: 'ΓXSYΓZURTZ,YT,UX,SR',
  ORCF1: 'ΓYTZΓXA1Y,TX1,XAZ,LΓ',
  ORCF2: 'ΓYCDXΓZD1HC,C1Z,XH1,HY,LΓ',
  ORCI: 'ΓXLTWRX1ZΓYSW,L1Y,Y1Z',
  ORCC: 'ΓXSRAZΓYX1A1TY,ZT',
  HEX: 'ΓMKΓALHA,LM,KH',
  RHL1: 'ΓLB1,BZΓX,QFP1Z,LP',
  RHL2: 'ΓPZQΓFP1Q1LZ',
  MCL: 'ΓYHCEM1AXH1,MDZ,YD',
  MCLC1: 'ΓYFLI,I1ZF1,YX1,XΓN,MΓ',
  MCLC2: 'ΓYFLI,I1ZF1,NΓM',
  MCLC3: 'ΓYFHZIF1,H1Y1XΓN,MΓ',
  MCLC4: 'ΓYFHZI,H1Y1XΓN,MΓ',
  MCLC5: 'ΓYFLI,I1ZHF1,H1Y1XΓN,MΓ',
};

export interface PathSegment {
  /** Fractional in the reciprocal basis of the cell the path was made for. */
  start: Vec3;
  end: Vec3;
  labels: [string, string];
}

/** The point names of each sub-path of a variant's path ('ΓXM,MR' -> [[Γ, X, M], [M, R]]). */
export function pathNames(variant: string): string[][] {
  const path = PATHS[variant];
  if (!path) throw new Error(`no standard path for the lattice variant '${variant}'`);
  return path.split(',').map((part) => part.match(/[A-ZΓΣ]\d?/g) ?? []);
}

/**
 * The zone's standard path as segments between consecutive points, in the reciprocal basis of
 * `lattice` (rows), a cell of the zone's lattice in any orientation and basis, a supercell included:
 * with A = M · A_std · R, a point k_std of the table is k = M · k_std there. The table's own cell is
 * taken as it is when it is the given one. Undefined when the lattices do not match.
 */
export function standardBandPath(lattice: Mat3, zone: StandardBrillouinZone): PathSegment[] | undefined {
  const isometries = latticeIsometries(lattice, zone.primitive);
  const m = isometries.find(isIdentity) ?? isometries[0];
  if (!m) return undefined;
  const point = (name: string): Vec3 => {
    const k = zone.points[name];
    if (!k) throw new Error(`the ${zone.variant} path names '${name}', which its table lacks`);
    return apply3(m, k);
  };
  return pathNames(zone.variant).flatMap((names) =>
    names.slice(1).map((end, i) => ({
      start: point(names[i]!),
      end: point(end),
      labels: [names[i]!, end] as [string, string],
    })),
  );
}
