// Frequency tables for synthetic entries. Weights are relative and rough, read off the shares of
// materials-database entries (Materials Project / NOMAD statistics): oxygen in about half of all
// materials, transition metals and chalcogens common, noble gases and actinides rare.

/** [symbol, relative weight] of elements drawn into compositions. */
// prettier-ignore
export const ELEMENT_WEIGHTS: readonly (readonly [string, number])[] = [
  ['O', 45], ['Li', 12], ['Fe', 8], ['P', 8], ['S', 8], ['F', 8], ['Mn', 7], ['H', 7], ['C', 7],
  ['Si', 6], ['N', 6], ['Co', 6], ['Ni', 6], ['Cu', 5], ['Mg', 5], ['Na', 5], ['K', 4], ['Ca', 4],
  ['Ba', 4], ['Ti', 4], ['V', 4], ['Al', 4], ['Sr', 3], ['Zn', 3], ['Cr', 3], ['B', 3], ['Se', 3],
  ['Te', 3], ['Cl', 3], ['Sn', 3], ['Sb', 3], ['Bi', 3], ['Mo', 3], ['Br', 2], ['I', 2], ['Ge', 2],
  ['La', 2], ['Y', 2], ['Zr', 2], ['Nb', 2], ['W', 2], ['Pd', 2], ['Ag', 2], ['In', 2], ['Ga', 2],
  ['As', 2], ['Ce', 1], ['Nd', 1], ['Sm', 1], ['Ru', 1], ['Rh', 1], ['Cd', 1], ['Pt', 1], ['Au', 1],
  ['Hg', 1], ['Pb', 1], ['Tl', 1], ['Rb', 1], ['Cs', 1], ['Sc', 1], ['Ta', 1], ['Be', 0.5],
  ['Hf', 0.5], ['Re', 0.5], ['Ir', 0.5], ['Pr', 0.5], ['Eu', 0.5], ['Gd', 0.5], ['Tb', 0.5],
  ['Dy', 0.5], ['Ho', 0.5], ['Er', 0.5], ['Tm', 0.3], ['Yb', 0.5], ['Lu', 0.3], ['U', 0.5],
  ['Os', 0.3], ['Th', 0.3], ['Np', 0.2], ['Pu', 0.2], ['Tc', 0.1], ['Pa', 0.05], ['Ac', 0.05],
  ['Xe', 0.05], ['Kr', 0.05], ['Ar', 0.03], ['Ne', 0.02], ['He', 0.02],
];

/** [number of elements, weight]: ternaries most common, elements and quinaries rare. */
export const ELEMENT_COUNT_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 8],
  [2, 30],
  [3, 38],
  [4, 18],
  [5, 6],
];

/** [structural_type, weight]: processing of periodic DFT gives mostly bulk. */
export const STRUCTURAL_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['bulk', 85],
  ['2D', 4],
  ['surface', 4],
  ['molecule / cluster', 4],
  ['1D', 1],
  ['atom', 1],
  ['unavailable', 1],
];

export interface SpaceGroup {
  number: number;
  symbol: string;
  pointGroup: string;
  bravais: string;
}

/** Common space groups with their share among ICSD-like structures (number, symbol, point group, lattice, weight). */
// prettier-ignore
export const SPACE_GROUP_WEIGHTS: readonly (readonly [SpaceGroup, number])[] = ([
  [2, 'P-1', '-1', 'aP', 8], [1, 'P1', '1', 'aP', 1],
  [14, 'P2_1/c', '2/m', 'mP', 12], [15, 'C2/c', '2/m', 'mS', 6], [12, 'C2/m', '2/m', 'mS', 5],
  [11, 'P2_1/m', '2/m', 'mP', 2.5], [4, 'P2_1', '2', 'mP', 1.5], [9, 'Cc', 'm', 'mS', 1], [13, 'P2/c', '2/m', 'mP', 1],
  [62, 'Pnma', 'mmm', 'oP', 9], [63, 'Cmcm', 'mmm', 'oS', 3.5], [61, 'Pbca', 'mmm', 'oP', 1.5],
  [19, 'P2_12_12_1', '222', 'oP', 1.5], [33, 'Pna2_1', 'mm2', 'oP', 1], [71, 'Immm', 'mmm', 'oI', 1],
  [65, 'Cmmm', 'mmm', 'oS', 1], [70, 'Fddd', 'mmm', 'oF', 0.5], [64, 'Cmce', 'mmm', 'oS', 1],
  [139, 'I4/mmm', '4/mmm', 'tI', 5], [123, 'P4/mmm', '4/mmm', 'tP', 2.5], [141, 'I4_1/amd', '4/mmm', 'tI', 1.5],
  [129, 'P4/nmm', '4/mmm', 'tP', 2], [136, 'P4_2/mnm', '4/mmm', 'tP', 1], [140, 'I4/mcm', '4/mmm', 'tI', 1.2],
  [88, 'I4_1/a', '4/m', 'tI', 0.8], [122, 'I-42d', '-42m', 'tI', 0.7],
  [166, 'R-3m', '-3m', 'hR', 5], [148, 'R-3', '-3', 'hR', 1.5], [164, 'P-3m1', '-3m', 'hP', 2.5],
  [167, 'R-3c', '-3m', 'hR', 1.5], [160, 'R3m', '3m', 'hR', 0.8],
  [194, 'P6_3/mmc', '6/mmm', 'hP', 6], [191, 'P6/mmm', '6/mmm', 'hP', 3], [186, 'P6_3mc', '6mm', 'hP', 1.5],
  [187, 'P-6m2', '-6m2', 'hP', 1], [176, 'P6_3/m', '6/m', 'hP', 1],
  [225, 'Fm-3m', 'm-3m', 'cF', 6], [227, 'Fd-3m', 'm-3m', 'cF', 3], [221, 'Pm-3m', 'm-3m', 'cP', 4],
  [216, 'F-43m', '-43m', 'cF', 2.5], [229, 'Im-3m', 'm-3m', 'cI', 1.5], [205, 'Pa-3', 'm-3', 'cP', 0.7],
  [230, 'Ia-3d', 'm-3m', 'cI', 0.5], [223, 'Pm-3n', 'm-3m', 'cP', 0.5],
] as const).map(([number, symbol, pointGroup, bravais, weight]) => [{ number, symbol, pointGroup, bravais }, weight] as const);

export interface Program {
  name: string;
  parser: string;
  mainfile: string;
  versions: readonly string[];
  basisSet: string;
  coreElectrons: string;
}

// prettier-ignore
export const PROGRAM_WEIGHTS: readonly (readonly [Program, number])[] = [
  [{ name: 'VASP', parser: 'parsers/vasp', mainfile: 'vasprun.xml', basisSet: 'plane waves', coreElectrons: 'pseudopotential',
     versions: ['5.4.4 18Apr17-6-g9f103f2a35 (build Apr 04 2019) complex parallel', '5.4.1 05Feb16 complex parallel',
                '6.3.0 20Jan22 (build Mar 02 2022) complex parallel', '6.4.2 20Jul23 complex parallel'] }, 55],
  [{ name: 'Quantum Espresso', parser: 'parsers/quantumespresso', mainfile: 'pw.out', basisSet: 'plane waves',
     coreElectrons: 'pseudopotential', versions: ['6.4.1', '6.7MaX', '7.1', '7.2'] }, 15],
  [{ name: 'FHI-aims', parser: 'parsers/fhi-aims', mainfile: 'aims.out', basisSet: 'numeric AOs',
     coreElectrons: 'full all electron', versions: ['210226', '220915', '231208'] }, 10],
  [{ name: 'exciting', parser: 'parsers/exciting', mainfile: 'INFO.OUT', basisSet: '(L)APW+lo',
     coreElectrons: 'full all electron', versions: ['nitrogen-14', 'oxygen', 'fluorine'] }, 5],
  [{ name: 'CP2K', parser: 'parsers/cp2k', mainfile: 'cp2k.out', basisSet: 'gaussians',
     coreElectrons: 'pseudopotential', versions: ['8.2', '9.1', '2023.1'] }, 5],
  [{ name: 'ABINIT', parser: 'parsers/abinit', mainfile: 'abinit.out', basisSet: 'plane waves',
     coreElectrons: 'pseudopotential', versions: ['9.6.2', '9.10.3'] }, 4],
  [{ name: 'GPAW', parser: 'parsers/gpaw', mainfile: 'gpaw.txt', basisSet: 'plane waves',
     coreElectrons: 'pseudopotential', versions: ['22.8.0', '23.9.1'] }, 3],
  [{ name: 'CASTEP', parser: 'parsers/castep', mainfile: 'castep.castep', basisSet: 'plane waves',
     coreElectrons: 'pseudopotential', versions: ['19.11', '22.11'] }, 3],
];

/** [xc_functional_type, [functional names (libxc), weight][], weight]: GGA-PBE dominates. */
// prettier-ignore
export const XC_WEIGHTS: readonly (readonly [string, readonly (readonly [readonly string[], number])[], number])[] = [
  ['GGA', [[['GGA_C_PBE', 'GGA_X_PBE'], 85], [['GGA_C_PBE_SOL', 'GGA_X_PBE_SOL'], 10], [['GGA_C_PW91', 'GGA_X_PW91'], 5]], 74],
  ['LDA', [[['LDA_C_PZ', 'LDA_X'], 1]], 9],
  ['meta-GGA', [[['MGGA_C_SCAN', 'MGGA_X_SCAN'], 6], [['MGGA_C_R2SCAN', 'MGGA_X_R2SCAN'], 4]], 6],
  ['hybrid', [[['HYB_GGA_XC_HSE06'], 6], [['HYB_GGA_XC_PBEH'], 3], [['HYB_GGA_XC_B3LYP'], 1]], 8],
  ['unavailable', [[[], 1]], 3],
];

/** Elements whose presence makes an insulator or semiconductor likely (anions, hydrogen). */
export const NONMETAL_FORMERS: ReadonlySet<string> = new Set([
  'O',
  'F',
  'Cl',
  'Br',
  'I',
  'N',
  'S',
  'Se',
  'Te',
  'P',
  'H',
  'C',
  'B',
  'As',
]);

/** Open-shell transition metals: their compounds are often computed spin-polarised. */
export const MAGNETIC: ReadonlySet<string> = new Set(['Fe', 'Co', 'Ni', 'Mn', 'Cr', 'V', 'Gd', 'Eu']);

// prettier-ignore
export const FIRST_NAMES: readonly string[] = [
  'Anna', 'Ben', 'Carla', 'David', 'Elena', 'Felix', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kira', 'Luca',
  'Maria', 'Nils', 'Olga', 'Pedro', 'Qin', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wei', 'Xenia', 'Yusuf', 'Zoe',
];
// prettier-ignore
export const LAST_NAMES: readonly string[] = [
  'Müller', 'Schmidt', 'Rossi', 'Garcia', 'Nakamura', 'Kim', 'Novak', 'Silva', 'Dubois', 'Jensen',
  'Kowalski', 'Ivanova', 'Chen', 'Patel', 'Okafor', 'Larsen', 'Fischer', 'Moreau', 'Costa', 'Tanaka',
];
