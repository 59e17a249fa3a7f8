// What an xtb output says, in its units (Hartree, bohr, e·bohr, s): version, dates, the calculation
// setup, each module (a GFNn-xTB or GFN-FF single point, the ANCOPT optimisation with its cycles and
// final single point, the molecular dynamics), the printed properties and the wall times of the footer.
// Declared on the text toolkit; the structures live in side files (read-xtb-files.ts).
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import { spans } from '../../text/spans.ts';
import { numbersIn } from '../../text/numbers.ts';
import {
  type Convert,
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  real,
  table,
  text,
} from '../../text/rules.ts';

/** A value as xtb prints it: a number where it is one, else the text. */
export type XtbValue = number | string;

const valueOf = (token: string): XtbValue => {
  const number = Number(token);
  return token.trim() !== '' && Number.isFinite(number) ? number : token;
};

/** 'name   value [unit]' of a setup table: names and values are set apart by two or more spaces. */
const pair: Convert<[string, XtbValue]> = (match) => {
  const name = match[1]!.trim();
  const [value] = match[2]!.trim().split(/\s+/);
  return name && value !== undefined ? [name, valueOf(value)] : undefined;
};

/** One SCF cycle row: 'iter E dE RMSdq gap omega full-diag'. */
const SCF_ROW = /^\s*(\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+E[-+]\d+)\s+\S+\s+\S+\s+\S+\s+[TF]\s*$/;
const scfRows = every(SCF_ROW, fields({ energy: real(2), change: real(3) }));

/** The orbital table: '#  Occupation  Energy/Eh  Energy/eV' rows, occupation left blank when empty. */
const orbitals = spans(
  /^\s*#\s+Occupation\s+Energy\/Eh/,
  /^\s*(-{10,}|\d+\s|\.\.\.)/,
  {
    rows: every(/^\s*\d+\s+(.*)$/, (match) => {
      const values = numbersIn(match[1]!.replace(/\(.*\)/, ''));
      if (values.length === 3) return { occupation: values[0]!, energy: values[1]! };
      return values.length === 2 ? { occupation: 0, energy: values[0]! } : undefined;
    }),
  },
  { skip: 1 },
);

/** The ':: label  value unit ::' lines of a SUMMARY box. */
const summary = spans(
  /^\s*::\s+SUMMARY\s+::/,
  /^\s*::/,
  {
    values: every(/^\s*::\s*(.+?)\s+(-?\d+\.\d+)\s+\S+\s*::\s*$/, fields({ name: text(1), value: real(2) })),
  },
  { skip: 1 },
);

/** A GFNn-xTB (or GFN-FF) single point: the SETUP box, SCF cycles, orbitals and the SUMMARY. */
const singlePoint = {
  setup: block(
    /^\s*:\s+SETUP\s+:/,
    { parameters: every(/^\s*:\s+(\S.*?)\s{2,}(\S.*?)\s*:\s*$/, pair) },
    { end: /^\s*\.{20,}\s*$/ },
  ),
  iterations: scfRows,
  converged: first(
    /\*\*\* convergence criteria (satisfied|cannot be satisfied)/,
    (m) => m[1] === 'satisfied',
  ),
  orbitals,
  summary,
};

/** The model box after a module heading: its reference and '* Name:' groups of parameters. */
const model = {
  reference: first(/^\s*Reference\s+(\S+)/, text()),
  groups: blocks(/^\s*\*\s+[\w ]+:\s*$/, {
    name: first(/^\s*\*\s+([\w ]+):\s*$/, text()),
    parameters: every(/^\s{6,}(\w.*?)\s{2,}(\S.*?)\s*$/, (match) => {
      const values = match[2]!.trim().split(/\s+/).map(valueOf);
      return [match[1]!.trim(), values] as [string, XtbValue[]];
    }),
  }),
};

/** One ANCOPT cycle: its SCF rows and the '* total energy : E Eh  change dE Eh' line. */
const cycle = {
  iterations: scfRows,
  energy: first(/^\s*\*\s+total energy\s*:\s*(-?\d+\.\d+)\s+Eh\s+change\s+(\S+)\s+Eh/, (m) => ({
    total: Number(m[1]),
    change: Number(m[2]),
  })),
};

const optimization = {
  setup: block(
    /^\s*:\s+SETUP\s+:/,
    { parameters: every(/^\s*:\s+(\S.*?)\s{2,}(\S.*?)\s*:\s*$/, pair) },
    { end: /^\s*\.{20,}\s*$/ },
  ),
  cycles: blocks(/\.{5,} CYCLE\s+\d+ \.{5,}/, cycle, { end: /^\s*\*\s+total energy\s*:/ }),
  converged: first(/\*\*\* (GEOMETRY OPTIMIZATION CONVERGED|FAILED TO CONVERGE)/, (m) =>
    m[1]!.startsWith('GEOMETRY'),
  ),
  final: block(/^\s*\|\s+Final Singlepoint\s+\|/, singlePoint),
  finalCoordinates: block(
    /^\s*final structure:/,
    {
      atoms: every(/^\s*(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+([A-Za-z]{1,2})\s*$/, (m) => ({
        symbol: m[4]!,
        position: [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number],
      })),
    },
    { end: /^\s*\$end/ },
  ),
};

const MD_ROW =
  /^\s*(\d+)\s+(\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(\d+\.\d*)\s+(\d+\.\d*)\s+(-?\d+\.\d+)\s*$/;

const dynamics = {
  settings: among(/:/, {
    time: first(/^\s*MD time \/ps\s*:\s*(\S+)/, real()),
    timestep: first(/^\s*dt \/fs\s*:\s*(\S+)/, real()),
    temperature: first(/^\s*temperature \/K\s*:\s*(\S+)/, real()),
    maxSteps: first(/^\s*max steps\s*:\s*(\d+)/, real()),
    dumpTrajectory: first(/^\s*dumpstep\(trj\) \/fs\s*:\s*\S+\s+(\d+)/, real()),
    dumpCoordinates: first(/^\s*dumpstep\(coords\)\/fs\s*:\s*\S+\s+(\d+)/, real()),
    hydrogenMass: first(/^\s*H atoms mass \(amu\)\s*:\s*(\S+)/, real()),
    sccAccuracy: first(/^\s*SCC accuracy\s*:\s*(\S+)/, real()),
  }),
  thermostat: first(/Berendsen THERMOSTAT (on|off)/, (m) => m[1] === 'on'),
  trajectory: first(/trajectories on (\S+)/, text()),
  rows: every(
    MD_ROW,
    fields({
      step: real(1),
      time: real(2),
      potential: real(3),
      kinetic: real(4),
      temperature: real(6),
      total: real(7),
    }),
  ),
  finished: flag(/normal exit of md/),
};

const multipole = (label: string) => first(new RegExp(`^\\s*${label}:\\s+(.*)$`), (m) => numbersIn(m[1]!));

const properties = {
  // GFN2: '#  Z  covCN  q  C6AA  α(0)' per atom, q the atomic partial charge.
  charges: table(
    /^\s*#\s+Z\s+covCN\s+q\s+C6AA/,
    /^\s*\d+\s+\d+\s+[A-Za-z]{1,2}\s+\S+\s+(-?\d+\.\d+)\s/,
    real(),
  ),
  // GFN1: 'Mulliken/CM5 charges  n(s) n(p) n(d)' rows '1o  q(Mulliken) q(CM5) ...'.
  mullikenCm5: table(
    /^\s*Mulliken\/CM5 charges/,
    /^\s*\d+[A-Za-z]{1,2}\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)/,
    fields({ mulliken: real(1), cm5: real(2) }),
  ),
  dipole: block(
    /^molecular dipole:/,
    { q: multipole('q only'), full: multipole('full') },
    { end: /^molecular quadrupole|^\s*$/ },
  ),
  quadrupole: block(
    /^molecular quadrupole/,
    { q: multipole('q only'), qDip: multipole('q\\+dip'), full: multipole('full') },
    { end: /^\s*full:/ },
  ),
};

const WALL = /wall-time:\s+(\d+) d,\s+(\d+) h,\s+(\d+) min,\s+([\d.]+) sec/;
const seconds: Convert<number> = (m) =>
  ((Number(m[1]) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4]);

const output = {
  version: first(/^\s*\*\s+xtb version (\S+)/, text()),
  started: first(/started run on (\S+) at (\S+)/, (m) => `${m[1]} ${m[2]}`),
  finished: first(/\* finished run on (\S+) at (\S+)/, (m) => `${m[1]} ${m[2]}`),
  calculationSetup: block(
    /^\s*\|\s+Calculation Setup\s+\|/,
    {
      parameters: every(
        /^\s{5,}(\S[^:]*?)\s*:\s*(.*?)\s*$/,
        (m) => [m[1]!, valueOf(m[2]!)] as [string, XtbValue],
      ),
    },
    { end: /^\s*ID\s+Z\s+sym/ },
  ),
  // A module runs from its heading to the next module; the SCF module ends at what follows it.
  modules: blocks([/^\s*\|\s+G F N \d - x T B\s+\|/, /^\s*\|\s+G F N - F F\s+\|/], {
    heading: first(/^\s*\|\s+(G F N .*?)\s+\|/, (m) => m[1]!.replace(/\s+/g, '')),
    model: block(/^\s*\|\s+G F N/, model, { end: /^\s*:\s+SETUP\s+:/ }),
    ...singlePoint,
  }),
  optimization: block(/^\s*\|\s+A N C O P T\s+\|/, optimization, { end: /^\s*\|\s+Property Printout\s+\|/ }),
  dynamics: block(/^\s*\|\s+Molecular Dynamics\s+\|/, dynamics, { end: /exit of md/ }),
  properties: block(/^\s*\|\s+Property Printout\s+\|/, properties),
  timings: block(/\* finished run on/, {
    entries: blocks(/^\s*[A-Za-z][\w .]*:\s*$/, {
      name: first(/^\s*([A-Za-z][\w .]*):\s*$/, text()),
      wall: first(WALL, seconds),
    }),
  }),
};

export type XtbSinglePoint = Parsed<typeof singlePoint>;
export type XtbModule = Parsed<typeof output>['modules'][number];
type XtbOptimization = Parsed<typeof optimization>;
type XtbDynamics = Parsed<typeof dynamics>;
type XtbProperties = Parsed<typeof properties>;

export interface XtbOutput {
  version?: string;
  /** 'YYYY/MM/DD hh:mm:ss.sss' */
  started?: string;
  finished?: string;
  calculationSetup: [string, XtbValue][];
  modules: XtbModule[];
  optimization?: XtbOptimization;
  dynamics?: XtbDynamics;
  properties?: XtbProperties;
  /** Wall time (s) of each part of the footer ('total', 'SCF', 'ANC optimizer', 'MD'), in order. */
  timings: { name: string; wall: number }[];
  warnings: string[];
}

export function readXtbOutput(content: string, file = 'out'): XtbOutput {
  const { values, warnings } = readText(output, content, file);
  if (!values.version && values.modules.length === 0)
    throw new Error("no 'xtb version' line: not an xtb output, or one cut before its header ends");
  const { calculationSetup, timings, ...rest } = values;
  return {
    ...rest,
    calculationSetup: calculationSetup?.parameters ?? [],
    timings: (timings?.entries ?? []).flatMap(({ name, wall }) =>
      name !== undefined && wall !== undefined ? [{ name, wall }] : [],
    ),
    warnings,
  };
}
