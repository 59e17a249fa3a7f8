// Symmetry operations for CIF files that name their space group but do not list the operations:
// the Hermann-Mauguin or Hall symbol (or the number) is looked up among the 530 Hall settings of
// the space-group tables (moyo), and that setting's operations expand the asymmetric unit.
import type { CellParameters, SymmetryOperation } from '@oasis/chem';
import { spglibHallSymbol } from '../normalizers/hall-symbols.ts';

interface HallEntry {
  hall_number: number;
  number: number;
  /** '' for the only setting, '1'/'2' origin choices, 'H'/'R' axes, 'b1', 'ba-c' ... */
  setting: string;
  hall_symbol: string;
  hm_short: string;
  hm_full: string;
}

/** What the lookup needs from the space-group tables. */
export interface SpaceGroupTables {
  /** All Hall settings, in table order (the standard setting of each group first). */
  entries: () => HallEntry[];
  operations: (entry: HallEntry) => SymmetryOperation[];
}

/** The subset of the moyo module the tables use. */
export interface MoyoTables {
  hall_symbol_entry: (hallNumber: number) => HallEntry;
  operations_from_number: (
    number: number,
    setting: { type: 'HallNumber'; value: number },
    primitive: boolean,
  ) => { rotation: number[]; translation: number[] }[];
}

const N_HALL_SETTINGS = 530;

export function moyoTables(moyo: MoyoTables): SpaceGroupTables {
  return {
    entries: () => Array.from({ length: N_HALL_SETTINGS }, (_, i) => moyo.hall_symbol_entry(i + 1)),
    operations: (entry) =>
      moyo
        .operations_from_number(entry.number, { type: 'HallNumber', value: entry.hall_number }, false)
        .map((op) => {
          // moyo-wasm serialises the rotation column by column: r[3 * j + i] is R[i][j].
          const r = op.rotation;
          return {
            rotation: [
              [r[0] ?? 0, r[3] ?? 0, r[6] ?? 0],
              [r[1] ?? 0, r[4] ?? 0, r[7] ?? 0],
              [r[2] ?? 0, r[5] ?? 0, r[8] ?? 0],
            ],
            translation: [op.translation[0] ?? 0, op.translation[1] ?? 0, op.translation[2] ?? 0],
          };
        }),
  };
}

/** Spaces, underscores (moyo writes screw axes '2_1', CIFs '21') and case do not matter. */
function normaliseHM(symbol: string): string {
  return symbol.replace(/[\s_]/g, '').toLowerCase();
}

/** The full symbol without its '1' axes ('P 1 2_1/n 1' -> 'p21/n'), as CIFs often abbreviate. */
function reducedHM(full: string): string {
  return normaliseHM(
    full
      .split(/\s+/)
      .filter((part, i) => i === 0 || part !== '1')
      .join(' '),
  );
}

/** Setting suffix of an H-M symbol: 'R -3 m :H', 'R -3 m H', 'F d -3 m :2', 'Fd-3mS' (= 1), 'Z' (= 2). */
function splitSetting(symbol: string): { symbol: string; setting?: string } {
  const colon = /^(.*?)\s*:\s*(\S+)\s*$/.exec(symbol);
  if (colon) return { symbol: colon[1] ?? '', setting: settingCode(colon[2] ?? '') };
  // Without a colon only the letters count: a trailing '1' is an axis ('P 1 21/c 1').
  const trailing = /^(.*\S)\s+([HRSZ])$/.exec(symbol.trim());
  if (trailing) return { symbol: trailing[1] ?? '', setting: settingCode(trailing[2] ?? '') };
  return { symbol };
}

function settingCode(code: string): string {
  const upper = code.toUpperCase();
  if (upper === 'S') return '1';
  if (upper === 'Z') return '2';
  return upper;
}

/** A cell on rhombohedral axes: a = b = c and alpha = beta = gamma != 90. */
function rhombohedralAxes(cell: CellParameters): boolean {
  const close = (x: number, y: number): boolean => Math.abs(x - y) < 1e-3 * Math.max(1, Math.abs(x));
  return (
    close(cell.a, cell.b) &&
    close(cell.b, cell.c) &&
    close(cell.alpha, cell.beta) &&
    close(cell.beta, cell.gamma) &&
    !close(cell.alpha, 90)
  );
}

export interface DeclaredGroup {
  hm?: string;
  hall?: string;
  number?: number;
}

export interface GeneratedOperations {
  entry: HallEntry;
  operations: SymmetryOperation[];
  /** Choices made that the file did not state (origin choice, axes), for a WARNING. */
  assumptions: string[];
}

/**
 * Operations of the declared space group, or undefined when the declaration names no known setting.
 * Hall symbols are unambiguous; H-M symbols may leave the origin choice (then origin choice 2, the
 * ITA standard) or the axes of rhombohedral groups (then read from the cell) open.
 */
export function operationsFromDeclaration(
  declared: DeclaredGroup,
  cell: CellParameters,
  tables: SpaceGroupTables,
): GeneratedOperations | undefined {
  const entries = tables.entries();
  const assumptions: string[] = [];
  const done = (entry: HallEntry): GeneratedOperations => ({
    entry,
    operations: tables.operations(entry),
    assumptions,
  });
  const byNumber = (e: HallEntry): boolean => declared.number === undefined || e.number === declared.number;

  if (declared.hall) {
    const wanted = declared.hall.trim().replace(/\s+/g, ' ').toLowerCase();
    // A CIF writes the Hall symbol in the International Tables' (and spglib's) notation, or moyo's.
    const entry = entries.find(
      (e) =>
        e.hall_symbol.toLowerCase() === wanted ||
        spglibHallSymbol(e.hall_number, e.hall_symbol).toLowerCase() === wanted,
    );
    if (entry) return done(entry);
  }

  let candidates: HallEntry[] = [];
  let setting: string | undefined;
  if (declared.hm) {
    const split = splitSetting(declared.hm);
    setting = split.setting;
    const wanted = normaliseHM(split.symbol);
    // Best match first: the full symbol, the short symbol, then the full symbol without '1' axes.
    for (const match of [
      (e: HallEntry) => normaliseHM(e.hm_full) === wanted,
      (e: HallEntry) => normaliseHM(e.hm_short) === wanted,
      (e: HallEntry) => reducedHM(e.hm_full) === wanted,
    ]) {
      candidates = entries.filter((e) => byNumber(e) && match(e));
      if (candidates.length > 0) break;
    }
    if (setting !== undefined) {
      const stated = candidates.filter((e) => e.setting.toUpperCase() === setting);
      if (stated.length > 0) candidates = stated;
    }
  } else if (declared.number !== undefined) {
    candidates = entries.filter(byNumber);
  }
  if (candidates.length === 0) return undefined;

  const settings = new Set(candidates.map((e) => e.setting.toUpperCase()));
  if (settings.has('H') && settings.has('R')) {
    const axes = rhombohedralAxes(cell) ? 'R' : 'H';
    assumptions.push(`${axes === 'H' ? 'hexagonal' : 'rhombohedral'} axes assumed from the cell`);
    return done(candidates.find((e) => e.setting.toUpperCase() === axes) as HallEntry);
  }
  if (settings.has('1') && settings.has('2')) {
    assumptions.push('origin choice not stated; origin choice 2 (ITA standard) assumed');
    return done(candidates.find((e) => e.setting === '2') as HallEntry);
  }
  // Otherwise the first (standard) setting of the tables, e.g. 'P 21/c' is P 1 21/c 1.
  return done(candidates[0] as HallEntry);
}
