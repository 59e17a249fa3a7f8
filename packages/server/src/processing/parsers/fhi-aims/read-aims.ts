// What an FHI-aims main output says, in its units (eV, Å, ps, s), declared on the text toolkit: the
// echoed control.in, the species settings, the input geometry, then per SCF cycle (read-aims-step.ts)
// its iterations, energy components, Fermi level, band edges, eigenvalues and forces, the geometry of
// relaxation and MD steps with the MD summary, the run's clock, and a GW calculation on top.
import { readText } from '../../text/read-text.ts';
import { after } from '../../text/rule-split.ts';
import type { Convert, Parsed } from '../../text/rules.ts';
import {
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  table,
  tables,
  text,
} from '../../text/rules.ts';
import {
  clock,
  ECHO_ROW,
  firstNumber,
  geometryOf,
  STRUCTURE_ROW,
  structureRow,
  wallSecondsOf,
  xyz,
  type AimsEigenvalues,
  type AimsGeometry,
  type Vec,
} from './read-aims-parts.ts';
import { GW, gwOf, type AimsGw } from './read-aims-gw.ts';
import {
  BEGIN_LOOP,
  DATE,
  emptyStep,
  STEP,
  stepOf,
  UPDATED_STRUCTURE,
  updatedGeometry,
} from './read-aims-step.ts';

export type { AimsEigenvalues, AimsGeometry } from './read-aims-parts.ts';

export interface AimsIteration {
  /** eV */
  total?: number;
  totalT0?: number;
  free?: number;
  change?: number;
  /** Wall-clock seconds of the iteration. */
  timeCalculation?: number;
  /** Wall-clock seconds since the run started, at the iteration's end. */
  timePhysical?: number;
}

interface AimsMdStep {
  step?: number;
  /** ps */
  time?: number;
  /** K */
  temperature?: number;
  /** eV */
  kinetic?: number;
  potential?: number;
}

export interface AimsScfStep {
  iterations: AimsIteration[];
  /** The last 'Total energy components' / 'Derived energy quantities' rows, eV. */
  components: Map<string, number>;
  /** The 'decomposition of the XC Energy' rows ('X Energy', 'C Energy GGA', 'Total XC Energy'), eV. */
  xcParts: Map<string, number>;
  /** eV */
  totalUncorrected?: number;
  totalCorrected?: number;
  freeEnergy?: number;
  /** eV */
  fermi?: number;
  highestOccupied?: number;
  lowestUnoccupied?: number;
  converged: boolean;
  /** eV/Å, as cleaned and constrained for the relaxation or MD. */
  forces?: Vec[];
  /** eV/Å, the 'Total forces(i)' rows of the last SCF iteration. */
  forcesRaw?: Vec[];
  eigenvalues?: AimsEigenvalues;
  geometry: AimsGeometry;
  /** Wall-clock seconds of the force evaluation (SCF and forces). */
  timeCalculation?: number;
  /** Wall-clock seconds since the run started, at the step's end. */
  timePhysical?: number;
  md?: AimsMdStep;
}

export interface AimsSpecies {
  label: string;
  nuclearCharge?: number;
  /** amu */
  mass?: number;
  /** '+U' shell ('4f') and U (eV). */
  hubbard?: { orbital: string; u: number };
}

export interface AimsOutput {
  version?: string;
  /** control.in keywords as echoed (first word the key, the rest its value). */
  control: Map<string, string>;
  /** Every 'output' line of control.in ('band 0 0 0 0.5 0 0.5 20 G X', 'dos -20 10 1000 0.01'). */
  outputs: string[];
  species: AimsSpecies[];
  /** 'Number of Kohn-Sham states (occupied + empty)'. */
  nStates?: number;
  steps: AimsScfStep[];
  geometryConverged?: boolean;
  finished: boolean;
  /** 'Internal wall clock time zero', s. */
  wallStart?: number;
  /** Wall-clock seconds of the whole run ('| Total time'). */
  wallTotal?: number;
  gw?: AimsGw;
  /** What was found but could not be read ('aims.out line 214: ...'), for the entry's WARNING logs. */
  warnings: string[];
}

/** A keyword line of the control.in echo; its global part ends at a rule or the first species block. */
const CONTROL_ROW =
  /^(?!\s*-{10,}\s*$|\s*Completed first pass over input file control\.in|\s*species(?:\s|$))\s*(\S*)\s*(.*?)\s*$/;
const keyword: Convert<{ key: string; value: string }> = (match) =>
  match[1] && !match[1].startsWith('#')
    ? { key: match[1], value: match[2]!.split(/\s+/).join(' ') }
    : undefined;

const SPECIES_START = /^\s*Reading configuration options for species\s+(\S+)/;
const SPECIES = {
  label: first(SPECIES_START, text()),
  nuclearCharge: last(/^\s*\| Found nuclear charge\s*:\s*(\S+)/, real()),
  mass: last(/^\s*\| Found atomic mass\s*:\s*(\S+)\s*amu/, real()),
  hubbard: last(
    /^\s*\|.*Found request for '\+U' treatment for\s+(\d+)\s+([spdfg]) shell, U =\s*(\S+)\s*eV/,
    fields({ n: text(1), l: text(2), u: real(3) }),
  ),
};

/** 'Input geometry:' with its '| Unit cell:' rows and '|    1: Species Fe  x y z' rows. */
const INPUT_GEOMETRY = {
  cell: block(/^\s*\| Unit cell:/, { rows: every(/^\s*\|(.*\d.*)$/, xyz()) }, { end: /Atomic structure:/ }),
  atoms: table(
    /^\s*\| Atomic structure:/,
    /^\s*\|\s*\d+:\s*Species\s+(\S+)\s+(.*)$/,
    fields({ species: text(1), position: xyz(2) }),
    { skip: 1 },
  ),
};

const LEAVING = /^\s*Leaving FHI-aims\./;
const GW_START =
  /^\s*(?:\* )?(?:GW quasiparticle calculation starts|Self-Consistent GW calculation starts|Periodic GW calculations will start|Start to calculate the periodic GW self energy)/;

/** What the run says before its first SCF cycle: the header, the echoed inputs, species and geometry. */
const SETUP = {
  version: first(/^\s*(?:Version|FHI-aims version\s*:)\s+(\S+)/, text()),
  clock: first(DATE, clock),
  wallStart: last(/^\s*Internal wall clock time zero(.*)/, firstNumber(1)),
  control: table(/^\s*The contents of control\.in will be repeated verbatim/, CONTROL_ROW, keyword, {
    skip: 3,
  }),
  species: blocks(SPECIES_START, SPECIES),
  echo: table(/^\s*The contents of geometry\.in will be repeated verbatim/, ECHO_ROW, structureRow, {
    skip: 3,
  }),
  input: block(/^\s*Input geometry:/, INPUT_GEOMETRY, { end: /^\s*\|?\s*$|^\s*Begin self-consistency loop/ }),
  // Without SCF cycles the setup is the whole run, and its last structure the one to report.
  updates: tables(UPDATED_STRUCTURE, STRUCTURE_ROW, structureRow),
};

/** What a run holds, from 'Invoking FHI-aims' on. */
const RUN = {
  setup: after(/^\s*Invoking FHI-aims/, SETUP, { end: BEGIN_LOOP }),
  nStates: last(/^\s*\| Number of Kohn-Sham states \(occupied \+ empty\)\s*:\s*(\d+)/, integer()),
  geometryConverged: flag(/^\s*Present geometry is converged\./),
  finished: flag(/^\s*Have a nice day\./),
  // The last cycle ends where the run does.
  steps: blocks(BEGIN_LOOP, STEP, { end: LEAVING }),
  leaving: after(LEAVING, { wallTotal: last(/^\s*\| Total time /, (match) => wallSecondsOf(match.input)) }),
  gw: after(GW_START, GW),
};

const AIMS = { run: after(/^\s*Invoking FHI-aims/, RUN) };

type Run = Parsed<typeof RUN>;
type Setup = Parsed<typeof SETUP>;

function inputGeometryOf(input: Setup['input']): AimsGeometry | undefined {
  if (!input) return undefined;
  const cell = input.cell?.rows.slice(0, 3) ?? [];
  return {
    species: input.atoms.map((atom) => atom.species),
    positions: input.atoms.map((atom) => atom.position),
    ...(cell.length === 3 ? { cell: cell as [Vec, Vec, Vec] } : {}),
  };
}

/** The geometry in force at each cycle's start: the input one, then each cycle's last update. */
function geometriesOf(run: Run, input: AimsGeometry | undefined): (AimsGeometry | undefined)[] {
  return run.steps.reduce<(AimsGeometry | undefined)[]>(
    (geometries, step) => [...geometries, step.updates.reduce(updatedGeometry, geometries.at(-1))],
    [input],
  );
}

/** Reads a whole output; throws only when it is no FHI-aims output or has no geometry at all. */
export function readAimsOutput(content: string, fileName = 'the output'): AimsOutput {
  const { values, warnings } = readText(AIMS, content, fileName);
  const run = values.run;
  if (!run) throw new Error("not an FHI-aims output: no 'Invoking FHI-aims' line");
  const { setup } = run;
  if (!setup) throw new Error("not an FHI-aims output: no 'Invoking FHI-aims' line");
  const { clock: runClock, version, wallStart } = setup;
  const nStates = run.nStates;
  const echoRows = setup.echo;
  const echoed = echoRows.some((row) => row.kind === 'atom') ? geometryOf(echoRows) : undefined;
  const input = inputGeometryOf(setup.input) ?? echoed;
  if (run.steps.length > 0 && !input)
    throw new Error('the output has no input geometry before its first SCF cycle');
  const geometries = geometriesOf(run, input);
  const steps = run.steps.map((step, k) => stepOf(step, geometries[k]!, runClock));
  if (steps.length === 0) {
    const geometry = setup.updates.reduce(updatedGeometry, inputGeometryOf(setup.input)) ?? echoed;
    if (!geometry) throw new Error('the output has no input geometry');
    steps.push(emptyStep(geometry));
  }
  const control = setup.control.filter((row) => row.key !== 'output');
  const wallTotal = run.leaving?.wallTotal;
  return {
    control: new Map(
      control
        .filter((row, k) => control.findIndex((o) => o.key === row.key) === k)
        .map((row) => [row.key, row.value]),
    ),
    outputs: setup.control.filter((row) => row.key === 'output').map((row) => row.value),
    species: setup.species.map(({ label, nuclearCharge, mass, hubbard }) => ({
      label: label!,
      ...(nuclearCharge !== undefined ? { nuclearCharge } : {}),
      ...(mass !== undefined ? { mass } : {}),
      ...(hubbard ? { hubbard: { orbital: `${hubbard.n}${hubbard.l}`, u: hubbard.u } } : {}),
    })),
    steps,
    finished: run.finished,
    ...(version !== undefined ? { version } : {}),
    ...(nStates !== undefined ? { nStates } : {}),
    ...(run.geometryConverged ? { geometryConverged: true } : {}),
    ...(wallStart !== undefined ? { wallStart } : {}),
    ...(wallTotal !== undefined ? { wallTotal } : {}),
    ...(run.gw ? { gw: gwOf(run.gw) } : {}),
    warnings,
  };
}
