// What a CRYSTAL output says, in its units (Hartree, Å, bohr, s): the program and its run dates, the input
// echoed before the banner (DFT keywords, dispersion), the settings the run prints (Hamiltonian,
// functional, tolerances, k-mesh), the geometry the wave function is computed for, one calculation per
// single point or optimisation point, the optimisation's thresholds and end, and a properties run's band
// lines and Fermi level. A file may hold a CRYSTAL run followed by a properties run: the geometry and the
// calculations are read from the first run. Declared on the text toolkit.
import type { Mat3 } from '@oasis/chem';
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import { parts, whenNone } from '../../text/rule-split.ts';
import { type Parsed, blocks, first, flag, integer, last, real, text } from '../../text/rules.ts';
import {
  bandFermi,
  bandLines,
  bandPathLabels,
  basisSet,
  calculation,
  dftInput,
  hasBands,
  hasDos,
  powerOfTen,
} from './read-crystal-blocks.ts';
import {
  type CrystalGeometry,
  atomsTable,
  cartesianAtoms,
  cartesianCell,
  cellParameters,
  dimensionality,
  frameRotation,
  latticeVectors,
  restartAtoms,
} from './read-crystal-geometry.ts';

/** The banner line that opens each run: ' *      CRYSTAL14      *'. */
const BANNER = /^ \*\s+CRYSTAL\d+\s+\*\s*$/;

const run = {
  // The geometry the wave function is computed for (after the input's edits), with CRYSTAL's Cartesian
  // cell and coordinates printed after it.
  geometry: blocks(/GEOMETRY FOR WAVE FUNCTION - DIMENSIONALITY OF THE SYSTEM/, {
    dimensionality,
    parameters: cellParameters,
    atoms: atomsTable,
    cartesianCell,
    cartesianAtoms,
  }),
  atomsAnywhere: atomsTable,
  parametersAnywhere: cellParameters,
  vectors: latticeVectors,
  restartAtoms,
  points: blocks(/OPTIMIZATION - POINT\s+\d+\s*$/, calculation, { end: /T+ OPTI\s+TELAPSE|\* OPT END/ }),
  // A single point: the whole run is its one calculation.
  whole: whenNone(/OPTIMIZATION - POINT\s+\d+\s*$/, calculation),
  cellOptimization: flag(/COORDINATE AND CELL OPTIMIZATION - POINT/),
  optimization: first(/\* OPT END - (.*?) \* E\(AU\)/, text(1)),
  // The 'CONVERGENCE TESTS' thresholds of an optimisation: bohr and Hartree.
  maxDisplacement: first(/MAXIMUM DISPLACEMENT COMPONENT\s+(\S+)/, real(1)),
  energyChange: first(/THRESHOLD ON ENERGY CHANGE\s+(\S+)/, real(1)),
  maxGradient: first(/MAXIMUM GRADIENT COMPONENT\s+(\S+)/, real(1)),
  basisSet,
  /** s: 'TTT... END  TELAPSE  4531.44' */
  endElapsed: first(/T+ END\s+TELAPSE\s+(\S+)/, real(1)),
  terminated: flag(/^ EEEEEEEEEE TERMINATION\s+DATE/),
};

/** Settings printed once: read among the few lines that carry their markers. */
const settings = {
  version: first(/^ \*\s+CRYSTAL(\d+)\s+\*\s*$/, text(1)),
  distribution: first(/^ \*\s*([a-zA-Z]+) : (\d+[.\d]*)/, (match) => ({ name: match[1]!, minor: match[2]! })),
  started: first(/^ EEEEEEEEEE STARTING\s+DATE\s+(.*? TIME \S+)/, text(1)),
  ended: last(/^ EEEEEEEEEE TERMINATION\s+DATE\s+(.*? TIME \S+)/, text(1)),
  // The runner script's lines before the input echo (two spellings: runcry and crystal14 scripts).
  runner: among(/^[A-Za-z]/, {
    hostname: first(/^(?:Running on:|hostname)\s+(.*?)\s*$/, text(1)),
    user: first(/^user\s+(.*?)\s*$/, text(1)),
    executable: first(/^(?:Executable:|crystal executable in)\s+(.*?)\s*$/, text(1)),
    input: first(/^(?:Input data|input data in)\s+(.*?)\s*$/, text(1)),
    output: first(/^(?:Output:|output data in)\s+(.*?)\s*$/, text(1)),
    tmpdir: first(/^(?:Temporary directory:|temporary directory)\s+(.*?)\s*$/, text(1)),
  }),
  family: first(/^ CRYSTAL FAMILY\s*:\s*(.*?)\s*$/, text(1)),
  crystalClass: first(/^ CRYSTAL CLASS\s+\(GROTH - 1921\)\s*:\s*(.*?)\s*$/, text(1)),
  spaceGroup: first(/^ SPACE GROUP \((?:NON)?CENTROSYMMETRIC\)\s*:\s*(.*?)\s*$/, text(1)),
  hamiltonian: first(/^ (KOHN-SHAM|HARTREE-FOCK) HAMILTONIAN/, text(1)),
  functional: first(/\(EXCHANGE\)\[CORRELATION\] FUNCTIONAL:\((.*)\)\[(.*)\]/, (match) => ({
    exchange: match[1]!.trim(),
    correlation: match[2]!.trim(),
  })),
  hybrid: first(/HYBRID EXCHANGE - PERCENTAGE OF FOCK EXCHANGE\s+(\S+)/, real(1)),
  /** Hartree: Fermi-Dirac smearing of the occupations (SMEAR). */
  smearing: first(/FERMI SMEARING - TEMPERATURE SMEARING OF FERMI SURFACE\s+(\S+)/, real(1)),
  calculationType: first(/TYPE OF CALCULATION :\s+(.*?)\s*$/, text(1)),
  values: among(/\d/, {
    nAtoms: first(/N\. OF ATOMS PER CELL\s+(\d+)/, integer(1)),
    nShells: first(/NUMBER OF SHELLS\s+(\d+)/, integer(1)),
    nAo: first(/NUMBER OF AO\s+(\d+)/, integer(1)),
    nElectrons: first(/N\. OF ELECTRONS PER CELL\s+(\d+)/, integer(1)),
    nCoreElectrons: first(/CORE ELECTRONS PER CELL\s+(\d+)/, integer(1)),
    nSymmops: first(/N\. OF SYMMETRY OPERATORS\s+(\d+)/, integer(1)),
    tolCoulombOverlap: first(/COULOMB OVERLAP TOL\s+\(T1\) 10\*\*\s*(-?\s*\d+)/, powerOfTen),
    tolCoulombPenetration: first(/COULOMB PENETRATION TOL\s+\(T2\) 10\*\*\s*(-?\s*\d+)/, powerOfTen),
    tolExchangeOverlap: first(/EXCHANGE OVERLAP TOL\s+\(T3\) 10\*\*\s*(-?\s*\d+)/, powerOfTen),
    tolPseudoOverlapF: first(/EXCHANGE PSEUDO OVP \(F\(G\)\)\s+\(T4\) 10\*\*\s*(-?\s*\d+)/, powerOfTen),
    tolPseudoOverlapP: first(/EXCHANGE PSEUDO OVP \(P\(G\)\)\s+\(T5\) 10\*\*\s*(-?\s*\d+)/, powerOfTen),
    poleOrder: first(/POLE ORDER IN MONO ZONE\s+(\d+)/, integer(1)),
    cappa: first(
      /CAPPA:IS1\s*(\d+);IS2\s*(\d+);IS3\s*(\d+); K PTS MONK NET\s*(\d+); SYMMOPS:\s*K SPACE\s*(\d+);G SPACE\s*(\d+)/,
      (match) => match.slice(1, 7).map(Number),
    ),
    maxScfCycles: first(/MAX NUMBER OF SCF CYCLES\s+(\d+)/, integer(1)),
    convergenceDeltaP: first(/CONVERGENCE ON DELTAP\s+10\*\*\s*(-?\s*\d+)/, powerOfTen),
    weightF: first(/WEIGHT OF F\(I\) IN F\(I\+1\)\s+(\d+)/, integer(1)),
    convergenceEnergy: first(/CONVERGENCE ON ENERGY\s+10\*\*\s*(-?\s*\d+)/, powerOfTen),
    shrink: first(/SHRINK\. FACT\.\(MONKH\.\)\s+(\d+)\s+(\d+)\s+(\d+)/, (match) =>
      match.slice(1, 4).map(Number),
    ),
    nKpointsIbz: first(/NUMBER OF K POINTS IN THE IBZ\s+(\d+)/, integer(1)),
    shrinkGilat: first(/SHRINKING FACTOR\(GILAT NET\)\s+(\d+)/, integer(1)),
    nKpointsGilat: first(/NUMBER OF K POINTS\(GILAT NET\)\s+(\d+)/, integer(1)),
  }),
  dftInput,
  dftd3: flag(/^DFTD3\s*$/),
  grimme: flag(/^GRIMME\s*$/),
  spinPolarized: flag(/UNRESTRICTED OPEN SHELL|SPIN POLARIZED/),
  // A properties run restarts from a wave function whose energy and Fermi level it prints.
  restartEnergy: first(/^ TOTAL ENERGY\s+(-?\d\S*)\s+CONVERGENCE ON ENER/, real(1)),
  restartFermi: first(/N\. OF SCF CYCLES\s+\d+\s+FERMI ENERGY\s+(\S+)/, real(1)),
  f25: first(/(?:file fort\.25 saved as|fort\.25 saved as)\s+(\S+)/, text(1)),
  bandLines,
  bandPathLabels,
  bandFermi,
  hasBands,
  hasDos,
};

const output = { runs: parts(BANNER, run), ...settings };

export type CrystalCalculation = Parsed<typeof calculation>;
type Run = Parsed<typeof run>;

export interface CrystalOutput extends Omit<Parsed<typeof settings>, 'values' | 'dftInput'> {
  values: Parsed<typeof settings>['values'];
  dftKeywords: string[];
  dimensionality: number;
  /** The geometry the wave function was computed for (or a properties run's). */
  geometry?: CrystalGeometry;
  /** Turns a cell built from parameters (a along x) into CRYSTAL's Cartesian frame. */
  rotation?: Mat3;
  basisSet: Run['basisSet'];
  /** One per single point, or per optimisation point. */
  calculations: CrystalCalculation[];
  optimization?: {
    converged: boolean;
    maxDisplacement?: number;
    energyChange?: number;
    maxGradient?: number;
  };
  endElapsed?: number;
  cellOptimization: boolean;
  finished: boolean;
  warnings: string[];
}

/** The geometry of the first run: the one after 'GEOMETRY FOR WAVE FUNCTION', else any printed. */
function geometryOf(first: Run): { geometry?: CrystalGeometry; dimensionality: number; rotation?: Mat3 } {
  const wave = first.geometry.find((g) => g.atoms.length > 0);
  if (wave) {
    const dim = wave.dimensionality ?? 3;
    const parameters = dim > 0 ? wave.parameters[0] : undefined;
    // CRYSTAL's own Cartesian cell and coordinates, when printed for these atoms, are the frame its
    // forces are in; the optimisation points (printed as parameters) are turned into it.
    const vectors = wave.cartesianCell.length === 3 ? (wave.cartesianCell as Mat3) : undefined;
    if (parameters && vectors && wave.cartesianAtoms.length === wave.atoms.length) {
      const rotation = frameRotation(parameters, vectors);
      return {
        geometry: { atoms: wave.cartesianAtoms, vectors },
        dimensionality: dim,
        ...(rotation ? { rotation } : {}),
      };
    }
    return { geometry: { atoms: wave.atoms, ...(parameters ? { parameters } : {}) }, dimensionality: dim };
  }
  const parameters = first.parametersAnywhere[0];
  if (first.atomsAnywhere.length > 0)
    return {
      geometry: { atoms: first.atomsAnywhere, ...(parameters ? { parameters } : {}) },
      dimensionality: parameters ? 3 : 0,
    };
  if (first.restartAtoms.length > 0 && first.vectors.length === 3)
    return {
      geometry: { atoms: first.restartAtoms, vectors: first.vectors.slice(0, 3) as Mat3 },
      dimensionality: 3,
    };
  return { dimensionality: 3 };
}

export function readCrystalOutput(content: string, file = 'output'): CrystalOutput {
  const { values, warnings } = readText(output, content, file);
  if (!values.version) throw new Error("not a CRYSTAL output: no ' *  CRYSTALnn  *' banner");
  // parts() gives the lines before the second banner as the first run; a file with one banner is one run.
  const runs = values.runs;
  const first = runs[0]!;
  const { geometry, dimensionality: dim, rotation } = geometryOf(first);
  const whole = first.whole;
  const calculations =
    first.points.length > 0
      ? first.points
      : whole && (whole.iterations.length > 0 || whole.energy !== undefined)
        ? [whole]
        : [];
  const { runs: _runs, dftInput: dft, ...rest } = values;
  return {
    ...rest,
    dftKeywords: dft[0]?.keywords ?? [],
    dimensionality: dim,
    ...(geometry ? { geometry } : {}),
    ...(rotation ? { rotation } : {}),
    basisSet: first.basisSet,
    calculations,
    ...(first.points.length > 0 || first.optimization
      ? {
          optimization: {
            converged: first.optimization === 'CONVERGED',
            ...(first.maxDisplacement !== undefined ? { maxDisplacement: first.maxDisplacement } : {}),
            ...(first.energyChange !== undefined ? { energyChange: first.energyChange } : {}),
            ...(first.maxGradient !== undefined ? { maxGradient: first.maxGradient } : {}),
          },
        }
      : {}),
    cellOptimization: first.cellOptimization,
    ...(first.endElapsed !== undefined ? { endElapsed: first.endElapsed } : {}),
    finished: runs.at(-1)!.terminated,
    warnings,
  };
}
