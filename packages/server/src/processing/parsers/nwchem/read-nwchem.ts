// What an NWChem output says, in its units (Hartree, Å, bohr, Hartree/bohr, s): version and the echoed
// input deck (xc, basis, task), then per energy (Gaussian-basis DFT or plane-wave NWPW) the geometry it
// ran on, its SCF iterations with their wall times, energy terms, orbital energies, gradient and timings,
// the optimisation steps' wall times, and whether an optimisation converged. Declared on the text toolkit:
// the file is cut at each energy line; what a stretch holds after its energy line belongs to that energy
// (orbitals, gradient, DFT terms), what it holds before the next one to the next (geometry, iterations,
// settings; the plane-wave terms, printed before their energy).
import { numbersIn } from '../../text/numbers.ts';
import { readText } from '../../text/read-text.ts';
import { type Parsed, blocks, every, fields, first, flag, last, text } from '../../text/rules.ts';
import { before } from '../../text/rule-split.ts';
import { among } from '../../text/spans.ts';
import {
  deck,
  dftIterations,
  energyTerms,
  gradients,
  leading,
  nwpwIterations,
  outputCoordinates,
  pwCells,
  type NwchemGeometry,
  type NwchemIteration,
  type Vec,
} from './read-nwchem-blocks.ts';
import { plainNumber } from '../../text/convert-number.ts';

export type { NwchemGeometry } from './read-nwchem-blocks.ts';

export interface NwchemEnergy {
  geometry: NwchemGeometry;
  iterations: NwchemIteration[];
  /** s: wall time when the SCF's first pass began */
  startTime?: number;
  /** Hartree; absent for a run cut off before its first energy. */
  energy?: number;
  /** Hartree, by NOMAD's energy name (xc, correlation, exchange, coulomb, nuclear_repulsion). */
  terms: Record<string, number>;
  orbitals: { occupation: number; energy: number }[];
  /** Hartree/bohr */
  gradient?: Vec[];
  /** s, 'Total iterative time' */
  iterativeTime?: number;
  /** s, the optimisation step's 'Walltime' ('@ Step' line) */
  stepWallTime?: number;
  spinS2?: number;
  /** Coordinates were printed for this energy (in an optimisation, one without is a line-search point). */
  ownGeometry: boolean;
  /** Convergence settings of the module that computed it. */
  maxIterations?: number;
  /** Hartree */
  energyTolerance?: number;
  densityTolerance?: number;
  /** Hartree, the plane-wave module's wave-function cutoff */
  pwCutoff?: number;
}

export interface NwchemOutput {
  version?: string;
  /** The xc line of the input deck ('xtpss03 ctpss03', 'b3lyp'). */
  xc?: string;
  /** Basis names of the input deck, per element ('6-311G*' of 'O library 6-311G*'). */
  basis: { element: string; name: string }[];
  task?: string;
  /** The module of the energies: Gaussian-basis DFT or plane-wave NWPW (PSPW, BAND, PAW). */
  planeWave: boolean;
  energies: NwchemEnergy[];
  optimizationConverged: boolean;
  finished: boolean;
  /** s, 'Total times ... wall' */
  wallTime?: number;
  /** atomic units of time, the QMD 'Nuclear time step' */
  qmdTimeStep?: number;
  /** 'file line N: ...': what was found but could not be read. */
  warnings?: string[];
}

const ENERGY = /Total (?:DFT energy =\s*(\S+)|(?:PSPW|BAND|PAW) energy\s*:\s*(\S+))/;
const NWPW = /NWPW (PSPW|BAND|PAW)\sCalculation/;

/** Lines with '=' or ':', where the one-line quantities are (a quarter of the lines): read among them. */
const VALUE_LINE = /[=:]/;

/** What comes before an energy: its geometry (when printed), cell, iterations and module settings. */
const settings = {
  dftIterations,
  startTime: last(/^\s*Time prior to 1st pass:\s*(\S+)/, plainNumber()),
  maxIterations: last(/^\s*Maximum number of iterations:\s*(\d+)/, plainNumber()),
  energyTolerance: last(/^\s*Convergence on energy requested:\s*(\S+)/, leading()),
  densityTolerance: last(/^\s*Convergence on density requested:\s*(\S+)/, leading()),
  pwCutoff: last(/wavefnc cutoff=\s*(\S+)/, plainNumber()),
  terms: energyTerms,
};
const preceding = {
  coordinates: outputCoordinates,
  cells: pwCells,
  nwpwIterations,
  values: among(VALUE_LINE, settings),
};

/** From one energy line to the next: the energy's results, then what comes before the next energy. */
const stretch = {
  ...preceding,
  energy: first(ENERGY, (match) => numbersIn(match[1] ?? match[2]!)[0]),
  values: among(VALUE_LINE, {
    ...settings,
    orbitals: every(
      /^\s*Vector\s+\d+\s+Occ=\s*(\S+)\s+E=\s*(\S+)/,
      fields({ occupation: leading(1), energy: leading(2) }),
    ),
    iterativeTime: last(/^\s*Total iterative time =\s*(\S+)s/, plainNumber()),
    spinS2: last(/^\s*<S\^2>\s*=\s*(\S+)/, plainNumber()),
  }),
  gradients,
  stepWallTime: first(/^@\s+\d+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s*$/, plainNumber()),
};

const output = {
  version: first(/Northwest Computational Chemistry Package \(NWChem\)\s+(\S+)/, text()),
  decks: blocks(/=+\secho of input deck =+/, deck, { end: /^=+\s*$/ }),
  planeWave: flag(NWPW),
  qmdTimeStep: first(/^\s*Nuclear time step:\s*(\S+)/, plainNumber()),
  optimizationConverged: flag(/Optimization converged/),
  totalTimes: last(/^\s*Total times\s+cpu:\s*\S+\s+wall:\s*(\S+)s/, plainNumber()),
  // Before the first energy, plane-wave terms and rows count from the module's banner on.
  head: before([ENERGY], {
    ...preceding,
    planeWave: blocks(NWPW, { terms: among(VALUE_LINE, { energyTerms }), nwpwIterations }),
  }),
  stretches: blocks(ENERGY, stretch),
};

type Before = Parsed<typeof preceding>;
type Stretch = Parsed<typeof stretch>;

const geometryOf = (coordinates: Before['coordinates']): NwchemGeometry | undefined => {
  const table = coordinates.at(-1);
  return table && { species: table.map((a) => a.species), positions: table.map((a) => a.position) };
};

/** Settings of the stretch before an energy, as optional fields. */
const settingsOf = ({ values }: Before) =>
  Object.fromEntries(
    (['startTime', 'maxIterations', 'energyTolerance', 'densityTolerance', 'pwCutoff'] as const)
      .filter((key) => values[key] !== undefined)
      .map((key) => [key, values[key]]),
  );

/** Per index, the last value up to it that is not undefined. */
const latest = <T>(values: readonly (T | undefined)[]): (T | undefined)[] => {
  let last: T | undefined;
  return values.map((value) => (last = value ?? last));
};

const termsOf = (part: Before): Record<string, number> =>
  Object.fromEntries(part.values.terms.map(({ name, value }) => [name, value]));

export function readNwchemOutput(content: string, file = 'output'): NwchemOutput {
  const { values, warnings } = readText(output, content, file);
  const { planeWave, head: first, stretches } = values;
  // Plane-wave rows count once the module has started; Gaussian-basis DFT rows always.
  const beforeFirst: Before = {
    ...first,
    nwpwIterations: first.planeWave.flatMap((b) => b.nwpwIterations),
    values: { ...first.values, terms: first.planeWave.flatMap((b) => b.terms.energyTerms) },
  };
  const befores: Before[] = [beforeFirst, ...stretches];
  const iterationsOf = (part: Before) => [
    ...part.values.dftIterations,
    ...(planeWave ? part.nwpwIterations : []),
  ];
  // The geometry and cell an energy ran on: the last printed before it. An energy without coordinates of
  // its own takes a copy: energies sharing one geometry object would share one system.
  const geometries = befores.map((part) => geometryOf(part.coordinates));
  const lastGeometries = latest(geometries);
  const lastCells = latest(befores.map((part) => part.cells.at(-1)?.rows));
  const energies = stretches.map((read: Stretch, k): NwchemEnergy | undefined => {
    const own = geometries[k];
    const last = lastGeometries[k];
    const found = own ?? (last && { ...last });
    if (!found) return undefined;
    const cell = lastCells[k];
    const table = read.gradients.at(-1);
    // A dynamics step prints no coordinates of its own: its gradient table holds them (bohr).
    const fromGradient =
      !own && table && table.length > 0
        ? { species: table.map((a) => a.species), positions: table.map((a) => a.position) }
        : undefined;
    const geometry = fromGradient ?? (cell && planeWave ? { ...found, cell } : found);
    return {
      geometry,
      iterations: iterationsOf(befores[k]!),
      energy: read.energy,
      // The plane-wave summary precedes its energy line; the Gaussian-basis terms follow it.
      terms: planeWave ? termsOf(befores[k]!) : termsOf(read),
      orbitals: read.values.orbitals,
      ownGeometry: own !== undefined,
      ...settingsOf(befores[k]!),
      ...(table ? { gradient: table.map((a) => a.gradient) } : {}),
      ...(read.values.iterativeTime !== undefined ? { iterativeTime: read.values.iterativeTime } : {}),
      ...(read.values.spinS2 !== undefined ? { spinS2: read.values.spinS2 } : {}),
      ...(read.stepWallTime !== undefined ? { stepWallTime: read.stepWallTime } : {}),
    };
  });
  const version = values.version;
  if (!version) throw new Error("not an NWChem output: no 'Northwest Computational Chemistry Package' line");
  const lastGeometry = lastGeometries.at(-1);
  const kept = energies.filter((energy) => energy !== undefined);
  if (kept.length === 0 && !lastGeometry)
    throw new Error("the output has no energy ('Total DFT energy', 'Total PSPW energy') and no geometry");
  const decks = values.decks;
  return {
    version,
    xc: decks.flatMap((d) => d.xc)[0],
    basis: decks.flatMap((d) => d.basis),
    task: decks.flatMap((d) => d.task)[0],
    planeWave,
    energies:
      kept.length > 0
        ? kept
        : [
            {
              geometry: lastGeometry!,
              iterations: iterationsOf(beforeFirst),
              terms: {},
              orbitals: [],
              ownGeometry: true,
            },
          ],
    optimizationConverged: values.optimizationConverged,
    finished: values.totalTimes !== undefined,
    wallTime: values.totalTimes,
    qmdTimeStep: values.qmdTimeStep,
    warnings,
  };
}
