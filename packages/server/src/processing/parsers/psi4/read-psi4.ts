// What a Psi4 output says, in its units: the version and start date, then the modules it ran, each opened
// by '*** at <date>' after 'tstart()', and in each the programs Psi4 prints (read-psi4-programs.ts), the
// SALC gradient and OPTKING's step. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { type Parsed, block, blocks, every, first, flag, text } from '../../text/rules.ts';
import { F, type Vec, contributionNames, gradientContributions, gradientTable } from './read-psi4-blocks.ts';
import { type Psi4Submodule, submoduleRules, submodulesOf } from './read-psi4-programs.ts';

export type { KeyValue, Vec } from './read-psi4-blocks.ts';
export type { Psi4Functional, Psi4Properties, Psi4Submodule } from './read-psi4-programs.ts';

export interface Psi4Module {
  submodules: Psi4Submodule[];
  salc?: { total: Vec[]; contributions: { name: string; value: Vec[] }[] };
  optking?: {
    geometry: { species: string[]; positions: Vec[] };
    gradient: Vec[];
    energy?: { total: number; change: number };
    criteria?: [number, number, number];
  };
  /** s: user times of 'Module time' and 'Total time' */
  moduleTime?: number;
  totalTime?: number;
  stopped: boolean;
}

export interface Psi4Output {
  version?: string;
  /** s since the epoch */
  started?: number;
  modules: Psi4Module[];
  finished: boolean;
  warnings: string[];
}

const userTime = (heading: RegExp) =>
  block(heading, { seconds: first(new RegExp(`user time\\s*=\\s*${F} seconds`), (m) => Number(m[1])) });

const moduleDeclaration = {
  ...submoduleRules,
  salc: block(
    /Cartesian Displacement SALCs/,
    {
      total: gradientTable(/^\s*-Total gradient:/),
      names: contributionNames,
      contributions: gradientContributions,
    },
    { end: /tstart/ },
  ),
  optking: block(
    /OPTKING .*: for geometry optimizations/,
    {
      geometry: block(
        /Geometry and Gradient/,
        {
          atoms: every(new RegExp(`^\\s*([A-Z][a-z]*)\\s+${F}\\s+${F}\\s+${F}\\s*$`), (m) => ({
            symbol: m[1]!,
            position: [2, 3, 4].map((i) => Number(m[i])) as Vec,
          })),
          gradient: every(
            new RegExp(`^\\s*${F}\\s+${F}\\s+${F}\\s*$`),
            (m) => [1, 2, 3].map((i) => Number(m[i])) as Vec,
          ),
        },
        { end: /^\s*$/ },
      ),
      criteria: first(
        new RegExp(`Convergence Criteria\\s+${F}\\s+\\*\\s+${F}\\s+\\*\\s+\\S+\\s+${F}`),
        (m) => [1, 2, 3].map((i) => Number(m[i])) as [number, number, number],
      ),
      energy: first(new RegExp(`^\\s+\\d+\\s+${F}\\s+${F}\\s+${F}`), (m) => ({
        total: Number(m[1]),
        change: Number(m[2]),
      })),
    },
    { end: /OPTKING Finished Execution/ },
  ),
  moduleTime: userTime(/^Module time:/),
  totalTime: userTime(/^Total time:/),
  stopped: flag(/tstop\(\) called/),
};

const output = {
  banner: flag(/Psi4: An Open-Source Ab Initio Electronic Structure Package/),
  version: first(/^\s+Psi4 (\S+)(?:\s+release)?\s*$/, text()),
  started: first(/Psi4 started on: \w+, (\d+) (\w+) (\d{4}) (\d\d):(\d\d)\s*([AP]M)?/, (m) => {
    const month = Date.parse(`1 ${m[2]} 2000`);
    if (Number.isNaN(month)) return undefined;
    let hour = Number(m[4]) % 12;
    if (m[6] === 'PM') hour += 12;
    else if (!m[6]) hour = Number(m[4]);
    return Date.UTC(Number(m[3]), new Date(month).getMonth(), Number(m[1]), hour, Number(m[5])) / 1000;
  }),
  modules: blocks(/^\*\*\* at [A-Z][a-z]{2} /, moduleDeclaration),
  finished: flag(/Psi4 exiting successfully/),
};

type ModuleRead = Parsed<typeof moduleDeclaration>;

function moduleOf(read: ModuleRead): Psi4Module {
  const module: Psi4Module = { submodules: submodulesOf(read), stopped: read.stopped };
  if (read.salc)
    module.salc = {
      total: read.salc.total,
      contributions: read.salc.contributions.map((value, i) => ({ name: read.salc!.names[i] ?? '', value })),
    };
  const opt = read.optking;
  if (opt) {
    module.optking = {
      geometry: {
        species: opt.geometry?.atoms.map((a) => a.symbol) ?? [],
        positions: opt.geometry?.atoms.map((a) => a.position) ?? [],
      },
      gradient: opt.geometry?.gradient ?? [],
      ...(opt.energy ? { energy: opt.energy } : {}),
      ...(opt.criteria ? { criteria: opt.criteria } : {}),
    };
  }
  if (read.moduleTime?.seconds !== undefined) module.moduleTime = read.moduleTime.seconds;
  if (read.totalTime?.seconds !== undefined) module.totalTime = read.totalTime.seconds;
  return module;
}

export function readPsi4Output(content: string, file = 'output'): Psi4Output {
  const { values, warnings } = readText(output, content, file);
  if (!values.banner) throw new Error("not a Psi4 output: no 'Psi4: An Open-Source Ab Initio' banner");
  return {
    ...(values.version ? { version: values.version } : {}),
    ...(values.started !== undefined ? { started: values.started } : {}),
    modules: values.modules.map(moduleOf),
    finished: values.finished,
    warnings,
  };
}
