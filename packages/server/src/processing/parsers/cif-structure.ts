// From CIF data blocks to a Structure: cell, symmetry expansion of the asymmetric unit, species.
import {
  ANGSTROM,
  apply3,
  applyOperation,
  cellFromParameters,
  cifNumber,
  cifText,
  columnValues,
  findLoop,
  firstValue,
  fractionalToCartesian,
  identityOperation,
  inverse3,
  isElementSymbol,
  parseSymmetryOperation,
  readCifBlocks,
  scaleMat3,
  transpose3,
  type CellParameters,
  type CifBlock,
  type CifValue,
  type Mat3,
  type SymmetryOperation,
  type Vec3,
} from '@oasis/chem';
import { type Structure } from '../structure.ts';
import { operationsFromDeclaration, type SpaceGroupTables } from './cif-spacegroup.ts';

export interface CifStructure {
  blockName: string;
  structure: Structure;
  /** Cell as written in the file (Å, degrees). */
  cell: CellParameters;
  spaceGroupSymbol?: string;
  spaceGroupNumber?: number;
  /** '_chemical_formula_sum' (or the structural formula), as written. */
  formula?: string;
  nSymmetryOperations: number;
  /** Where the operations came from: listed in the file, generated from its space group, or none. */
  operationsFrom: 'file' | 'space group' | 'none';
  /** Things worth a WARNING in the processing logs. */
  warnings: string[];
  /** Things worth an INFO line (e.g. operations generated from the space-group symbol). */
  notes: string[];
}

/** Two images closer than this (per fractional coordinate, periodically) are the same site. */
const DUPLICATE_TOLERANCE = 1e-3;

const SYMOP_TAGS = ['_symmetry_equiv_pos_as_xyz', '_space_group_symop_operation_xyz'] as const;
const HM_TAGS = [
  '_space_group_name_h-m_alt',
  '_symmetry_space_group_name_h-m',
  '_space_group_name_h-m',
] as const;
const HALL_TAGS = ['_space_group_name_hall', '_symmetry_space_group_name_hall'] as const;
const NUMBER_TAGS = ['_space_group_it_number', '_symmetry_int_tables_number', '_space_group_number'] as const;
const FORMULA_TAGS = [
  '_chemical_formula_sum',
  '_chemical_formula_structural',
  '_chemical_formula_moiety',
] as const;

function hasSites(block: CifBlock): boolean {
  return (
    columnValues(block, '_atom_site_fract_x').length > 0 ||
    columnValues(block, '_atom_site_cartn_x').length > 0
  );
}

/**
 * Parses CIF text; the first data block with atom sites is the structure (one entry per file: the
 * parser contract has no child entries, so further structures are named in a warning).
 * `tables` generate the symmetry operations of files that only name their space group.
 */
export function readCifStructure(text: string, tables?: SpaceGroupTables): CifStructure {
  const blocks = readCifBlocks(text);
  if (blocks.length === 0) throw new Error('CIF file has no data block');
  const block = blocks.find(hasSites);
  if (!block) throw new Error('CIF file has no atom sites');
  const warnings = [...block.warnings];
  const notes: string[] = [];
  if (blocks.length > 1) {
    const quote = (b: CifBlock): string => `'${b.name}'`;
    const others = blocks.filter((b) => b !== block);
    const lost = others.filter(hasSites);
    warnings.push(
      `CIF file has ${blocks.length} data blocks; used '${block.name}', ignored ${others.map(quote).join(', ')}` +
        (lost.length > 0
          ? ` (${lost.map(quote).join(', ')} also hold structures, which are not parsed)`
          : ''),
    );
  }
  const cell = readCell(block);
  let lattice;
  try {
    lattice = cellFromParameters(cell);
  } catch {
    throw new Error('CIF cell volume is zero');
  }
  const { operations, from } = readOperations(block, cell, tables, warnings, notes);
  const sites = readSites(block, lattice, warnings);
  if (sites.length === 0) throw new Error('CIF file has no atom sites');

  const expanded = expandSites(sites, operations);
  const latticeSI = scaleMat3(lattice, ANGSTROM);
  const structure: Structure = {
    species: expanded.map((s) => s.symbol),
    positions: expanded.map((s) => fractionalToCartesian(s.frac, latticeSI)),
    lattice: latticeSI,
    periodic: [true, true, true],
    occupancies: expanded.map((s) => s.occupancy),
    labels: expanded.map((s) => s.label),
  };
  if (expanded.some((s) => s.occupancy < 1)) {
    warnings.push('CIF structure has partially occupied sites; all of them are kept as atoms');
  }
  const result: CifStructure = {
    blockName: block.name,
    structure,
    cell,
    nSymmetryOperations: operations.length,
    operationsFrom: from,
    warnings,
    notes,
  };
  const hm = cifText(firstValue(block, HM_TAGS));
  if (hm) result.spaceGroupSymbol = hm.trim();
  const number = cifNumber(firstValue(block, NUMBER_TAGS));
  if (number !== undefined && Number.isInteger(number) && number >= 1 && number <= 230) {
    result.spaceGroupNumber = number;
  }
  const formula = cifText(firstValue(block, FORMULA_TAGS));
  if (formula) result.formula = formula.trim();
  return result;
}

function readCell(block: CifBlock): CellParameters {
  const length = (axis: string): number => {
    const value = cifNumber(block.items.get(`_cell_length_${axis}`));
    if (value === undefined) throw new Error(`CIF file has no cell parameter _cell_length_${axis}`);
    return value;
  };
  // Missing angles mean right angles, as in ASE's CIF reader.
  const angle = (name: string): number => cifNumber(block.items.get(`_cell_angle_${name}`)) ?? 90;
  return {
    a: length('a'),
    b: length('b'),
    c: length('c'),
    alpha: angle('alpha'),
    beta: angle('beta'),
    gamma: angle('gamma'),
  };
}

function readOperations(
  block: CifBlock,
  cell: CellParameters,
  tables: SpaceGroupTables | undefined,
  warnings: string[],
  notes: string[],
): { operations: SymmetryOperation[]; from: CifStructure['operationsFrom'] } {
  for (const tag of SYMOP_TAGS) {
    const texts = columnValues(block, tag)
      .map((v) => cifText(v))
      .filter((t): t is string => t !== undefined && t.trim() !== '');
    if (texts.length > 0) return { operations: texts.map((t) => parseSymmetryOperation(t)), from: 'file' };
  }
  const hm = cifText(firstValue(block, HM_TAGS))?.trim();
  const hall = cifText(firstValue(block, HALL_TAGS))?.trim();
  const number = cifNumber(firstValue(block, NUMBER_TAGS));
  const p1 = (hm === undefined || hm.replace(/\s+/g, '') === 'P1') && (number === undefined || number === 1);
  if (p1 && hall === undefined) return { operations: [identityOperation()], from: 'none' };
  const declared = {
    ...(hm ? { hm } : {}),
    ...(hall ? { hall } : {}),
    ...(number !== undefined ? { number } : {}),
  };
  const generated = tables ? operationsFromDeclaration(declared, cell, tables) : undefined;
  const named = [hm && `'${hm}'`, hall && `Hall '${hall}'`, number !== undefined && `number ${number}`]
    .filter((t) => t)
    .join(', ');
  if (generated) {
    const { entry } = generated;
    notes.push(
      `CIF file lists no symmetry operations; the ${generated.operations.length} operations of ` +
        `${entry.hm_full} (Hall '${entry.hall_symbol}') were generated from the declared space group ${named}`,
    );
    for (const assumption of generated.assumptions) warnings.push(`CIF space group ${named}: ${assumption}`);
    return { operations: generated.operations, from: 'space group' };
  }
  warnings.push(
    `CIF file has no symmetry operations and its space group ${named} is not in the tables; ` +
      'atom sites are used as listed (P1)',
  );
  return { operations: [identityOperation()], from: 'none' };
}

interface Site {
  label: string;
  symbol: string;
  frac: Vec3;
  occupancy: number;
}

/**
 * Fractional coordinates of a Cartesian site (Å): with the file's own '_atom_sites_fract_tran'
 * matrix when it has one, else with the CIF default axes (a along x, b in the xy plane), which are
 * those of `cellFromParameters`.
 */
function cartesianToFractional(block: CifBlock, lattice: Mat3): (cart: Vec3) => Vec3 {
  const m = (i: number, j: number): number | undefined =>
    cifNumber(block.items.get(`_atom_sites_fract_tran_matrix_${i}${j}`));
  const rows = [1, 2, 3].map((i) => [1, 2, 3].map((j) => m(i, j)));
  if (rows.every((row) => row.every((v) => v !== undefined))) {
    const shift = [1, 2, 3].map((i) => cifNumber(block.items.get(`_atom_sites_fract_tran_vector_${i}`)) ?? 0);
    return (c) =>
      rows.map(
        (row, i) => (row[0] ?? 0) * c[0] + (row[1] ?? 0) * c[1] + (row[2] ?? 0) * c[2] + (shift[i] ?? 0),
      ) as Vec3;
  }
  // Rows of the lattice are a, b, c: cart = f · L, so f = cart · L^-1.
  const inverse = transpose3(inverse3(lattice));
  return (c) => apply3(inverse, c);
}

function readSites(block: CifBlock, lattice: Mat3, warnings: string[]): Site[] {
  const fractional = columnValues(block, '_atom_site_fract_x').length > 0;
  const axis = fractional ? '_atom_site_fract_' : '_atom_site_cartn_';
  const toFractional = fractional ? undefined : cartesianToFractional(block, lattice);
  const loop = findLoop(block, `${axis}x`);
  // A single site may be written as plain items instead of a loop: one row read from the items.
  const rows: CifValue[][] = loop ? loop.rows : [[]];
  const tags = loop ? loop.tags : [];
  const column = (row: CifValue[], tag: string): CifValue | undefined => {
    const i = tags.indexOf(tag);
    return i >= 0 ? row[i] : block.items.get(tag);
  };
  const sites: Site[] = [];
  rows.forEach((row, index) => {
    const label = cifText(column(row, '_atom_site_label')) ?? `site ${index + 1}`;
    if (cifText(column(row, '_atom_site_calc_flag'))?.toLowerCase() === 'dum') return;
    const x = cifNumber(column(row, `${axis}x`));
    const y = cifNumber(column(row, `${axis}y`));
    const z = cifNumber(column(row, `${axis}z`));
    if (x === undefined || y === undefined || z === undefined) {
      warnings.push(
        `CIF atom site '${label}' has no ${fractional ? 'fractional' : 'Cartesian'} coordinates and was skipped`,
      );
      return;
    }
    const typeSymbol = cifText(column(row, '_atom_site_type_symbol'));
    const symbol = elementFromLabel(typeSymbol ?? '') ?? elementFromLabel(label);
    if (!symbol) throw new Error(`CIF atom site '${label}' has no recognisable element symbol`);
    const occupancy = cifNumber(column(row, '_atom_site_occupancy')) ?? 1;
    sites.push({ label, symbol, frac: toFractional ? toFractional([x, y, z]) : [x, y, z], occupancy });
  });
  return sites;
}

/**
 * Element symbol from a CIF type symbol or label: 'O2-' -> 'O', 'Ag1' -> 'Ag', 'CL3' -> 'Cl'.
 * A two-letter reading wins when it is an element ('Co1' is cobalt, not carbon), else one letter.
 */
export function elementFromLabel(label: string): string | undefined {
  const letters = /^\s*([A-Za-z]{1,2})/.exec(label)?.[1];
  if (!letters) return undefined;
  const first = (letters[0] ?? '').toUpperCase();
  if (letters.length === 2) {
    const two = first + (letters[1] ?? '').toLowerCase();
    if (isElementSymbol(two)) return two;
  }
  if (isElementSymbol(first)) return first;
  // Deuterium and tritium are hydrogen for composition purposes.
  if (first === 'D' || first === 'T') return 'H';
  return undefined;
}

function wrap(value: number): number {
  const w = value - Math.floor(value);
  // Values a hair below 1 are 0 within the tolerance; keep positions in [0, 1).
  return w >= 1 - 1e-12 ? 0 : w;
}

function periodicDistance(a: Vec3, b: Vec3): number {
  let max = 0;
  for (let k = 0; k < 3; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    max = Math.max(max, Math.abs(d - Math.round(d)));
  }
  return max;
}

/** Applies every operation to every site, wraps into [0,1) and drops duplicate images. */
function expandSites(sites: Site[], operations: SymmetryOperation[]): Site[] {
  const out: Site[] = [];
  // Spatial hash so that dedup stays linear for large cells with many operations.
  const BINS = 100;
  const grid = new Map<string, number[]>();
  const binOf = (f: Vec3): Vec3 => [
    Math.floor(f[0] * BINS),
    Math.floor(f[1] * BINS),
    Math.floor(f[2] * BINS),
  ];
  const key = (b: Vec3): string => `${b[0]},${b[1]},${b[2]}`;
  const mod = (n: number): number => ((n % BINS) + BINS) % BINS;
  for (const site of sites) {
    for (const op of operations) {
      const raw = applyOperation(op, site.frac);
      const frac: Vec3 = [wrap(raw[0]), wrap(raw[1]), wrap(raw[2])];
      const bin = binOf(frac);
      let duplicate = false;
      search: for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dz = -1; dz <= 1; dz++) {
            const cellKey = key([mod(bin[0] + dx), mod(bin[1] + dy), mod(bin[2] + dz)]);
            for (const index of grid.get(cellKey) ?? []) {
              const other = out[index] as Site;
              // Different species on one position is disorder, not a duplicate.
              if (other.symbol === site.symbol && periodicDistance(other.frac, frac) < DUPLICATE_TOLERANCE) {
                duplicate = true;
                break search;
              }
            }
          }
        }
      }
      if (duplicate) continue;
      const cellKey = key([mod(bin[0]), mod(bin[1]), mod(bin[2])]);
      const list = grid.get(cellKey) ?? [];
      list.push(out.length);
      grid.set(cellKey, list);
      out.push({ ...site, frac });
    }
  }
  return out;
}
