// A small CIF reader for previews: the first data block's cell, its atom sites (fractional or
// Cartesian) and its symmetry operations, applied so that every atom of the cell is drawn. The syntax,
// the cell and the operations are the server's CIF parser's own (@oasis/chem).
import {
  applyOperation,
  cartesianToFractional,
  cellFromParameters,
  cifNumber,
  cifText,
  columnValues,
  fractionalToCartesian,
  parseSymmetryOperation,
  readCifBlocks,
  type CifBlock,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type { ViewerStructure } from './types.ts';

const NO_CELL = 'The CIF file has no cell.';
const NO_SITES = 'The CIF file has no atom sites.';

function cellOf(block: CifBlock): Mat3 {
  const [a, b, c] = ['a', 'b', 'c'].map((k) => cifNumber(block.items.get(`_cell_length_${k}`)));
  const [alpha, beta, gamma] = ['alpha', 'beta', 'gamma'].map(
    (k) => cifNumber(block.items.get(`_cell_angle_${k}`)) ?? 90,
  );
  if (a === undefined || b === undefined || c === undefined) throw new Error(NO_CELL);
  try {
    return cellFromParameters({ a, b, c, alpha: alpha!, beta: beta!, gamma: gamma! });
  } catch {
    throw new Error(NO_CELL);
  }
}

/** The element of a type symbol or label: 'Na1' is Na, 'O2-' is O. */
function elementOf(symbol: string): string {
  const m = /^([A-Z][a-z]?)/.exec(
    symbol.replace(/^[^A-Za-z]+/, '').replace(/^[a-z]/, (c) => c.toUpperCase()),
  );
  return m?.[1] ?? 'X';
}

const TOLERANCE = 1e-3;

function samePosition(u: Vec3, v: Vec3): boolean {
  return u.every((x, k) => {
    const d = Math.abs(x - v[k]!);
    return Math.min(d, 1 - d) < TOLERANCE;
  });
}

/** Each site's coordinates of one kind ('fract' or 'cartn'); undefined for a site that lacks one. */
function siteTriples(block: CifBlock, kind: 'fract' | 'cartn'): (Vec3 | undefined)[] {
  const [xs, ys, zs] = ['x', 'y', 'z'].map((k) => columnValues(block, `_atom_site_${kind}_${k}`));
  return xs!.map((value, i) => {
    const triple = [value, ys![i], zs![i]].map(cifNumber);
    return triple.some((x) => x === undefined) ? undefined : (triple as Vec3);
  });
}

/** The sites' fractional coordinates, from whichever of fractional and Cartesian the block gives. */
function siteCoordinates(block: CifBlock, lattice: Mat3): (Vec3 | undefined)[] {
  const fractional = siteTriples(block, 'fract');
  if (fractional.length > 0) return fractional;
  // Cartesian sites are converted together, with one inverse of the lattice.
  const cartesian = siteTriples(block, 'cartn');
  const converted = cartesianToFractional(
    cartesian.filter((site): site is Vec3 => site !== undefined),
    lattice,
  );
  let next = 0;
  return cartesian.map((site) => (site ? converted[next++] : undefined));
}

/** The cell and all atoms of the first data block; throws when there is no cell or no site. */
export function structureFromCif(text: string): ViewerStructure {
  const block = readCifBlocks(text)[0];
  if (!block) throw new Error(NO_CELL);
  const lattice = cellOf(block);
  const symbolValues = columnValues(block, '_atom_site_type_symbol');
  const symbols = (symbolValues.length > 0 ? symbolValues : columnValues(block, '_atom_site_label')).map(
    (value) => cifText(value) ?? 'X',
  );
  const coordinates = siteCoordinates(block, lattice);
  const opsText = ['_symmetry_equiv_pos_as_xyz', '_space_group_symop_operation_xyz']
    .map((tag) => columnValues(block, tag).flatMap((value) => cifText(value) ?? []))
    .find((texts) => texts.length > 0);
  const ops = (opsText ?? ['x,y,z']).map(parseSymmetryOperation);
  const species: string[] = [];
  const fractional: Vec3[] = [];
  symbols.forEach((symbol, i) => {
    const site = coordinates[i];
    if (!site) return;
    const placed: Vec3[] = [];
    for (const op of ops) {
      const g = applyOperation(op, site).map((x) => x - Math.floor(x)) as Vec3;
      if (placed.some((p) => samePosition(p, g))) continue;
      placed.push(g);
      species.push(elementOf(symbol));
      fractional.push(g);
    }
  });
  if (species.length === 0) throw new Error(NO_SITES);
  return {
    species,
    positions: fractional.map((f) => fractionalToCartesian(f, lattice)),
    lattice,
    periodic: [true, true, true],
  };
}
