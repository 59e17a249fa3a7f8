// Free-energy runs (free-energy = yes, slow-growth, expanded): NOMAD's free_energy_calculation_parameters
// from the log's lambda vectors and the grompp output's couple-* settings (the log omits them), and the
// free_energy_calculations summary of the dH/dλ and ΔH file (.xvg): its frames, times and states.
import { PICOSECOND } from '@oasis/chem';
import type { MolecularDynamicsMethod, MolecularDynamicsWorkflow } from '@oasis/schema';
import type { GromacsLog } from './read-log.ts';

type Parameters = NonNullable<MolecularDynamicsMethod['free_energy_calculation_parameters']>[number];
type Lambdas = NonNullable<Parameters['lambdas']>[number];
type Calculations = NonNullable<
  NonNullable<MolecularDynamicsWorkflow['results']>['free_energy_calculations']
>[number];

const CALCULATION_TYPES: Readonly<Record<string, NonNullable<Parameters['type']>>> = {
  yes: 'alchemical',
  'slow-growth': 'alchemical',
  expanded: 'alchemical',
  umbrella: 'umbrella_sampling',
};

/** The lambda vectors in the order of GROMACS' mdp options, with NOMAD's Lambdas.type of each. */
const LAMBDAS: readonly [string, NonNullable<Lambdas['type']>][] = [
  ['fep-lambdas', 'output'],
  ['coul-lambdas', 'coulomb'],
  ['vdw-lambdas', 'vdw'],
  ['bonded-lambdas', 'bonded'],
  ['restraint-lambdas', 'restraint'],
  ['mass-lambdas', 'mass'],
  ['temperature-lambdas', 'temperature'],
];

/** 'key = value' lines of an .mdp file (mdout.mdp), keys with '_' read as '-'. */
export function readMdp(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(raw.replace(/;.*$/, ''));
    if (match) values.set(match[1]!.replace(/_/g, '-').toLowerCase(), match[2]!);
  }
  return values;
}

export interface DhdlFile {
  /** ps */
  times: number[];
  /** The ΔH columns: one per lambda state. */
  states: number;
}

/** The time column and the number of ΔH columns ('@ sN legend "\xD\f{}H ...') of a dhdl .xvg file. */
export function readDhdl(text: string): DhdlFile {
  const times: number[] = [];
  let states = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('@')) {
      if (/^@\s+s\d+\s+legend\s+"\\xD\\f\{\}H/.test(line)) states += 1;
      continue;
    }
    if (line.startsWith('#') || line.trim() === '') continue;
    const time = Number(line.trim().split(/\s+/)[0]);
    if (Number.isFinite(time)) times.push(time);
  }
  return { times, states };
}

/** NOMAD's type of the run's free-energy calculation, undefined when it computes none. */
export const freeEnergyType = (log: GromacsLog): Parameters['type'] =>
  CALCULATION_TYPES[(log.parameters.get('free-energy') ?? 'no').toLowerCase()];

const bool = (state: string | undefined, part: 'vdw' | 'q') =>
  state === undefined ? undefined : state.toLowerCase() === 'vdw-q' || state.toLowerCase() === part;

/**
 * workflow2.method.free_energy_calculation_parameters and workflow2.results.free_energy_calculations,
 * or undefined when the run computes no free energy. `coupled` are the atoms of couple-moltype.
 */
export function freeEnergySections(
  log: GromacsLog,
  mdp: Map<string, string> | undefined,
  coupled: number[] | undefined,
  dhdl: DhdlFile | undefined,
): { method: Parameters; results?: Calculations } | undefined {
  const type = freeEnergyType(log);
  if (!type) return undefined;
  const lambdas = LAMBDAS.flatMap(([name, kind]) => {
    const values = (log.parameters.get(name) ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
    // NOMAD declares Lambdas.value a scalar, yet its parsers store the whole schedule: kept as they do.
    return values.length > 0 && values.every(Number.isFinite)
      ? [{ type: kind, value: values as unknown as number }]
      : [];
  });
  const state = Number(log.parameters.get('init-lambda-state'));
  const lambdaIndex = Number.isInteger(state) && state >= 0 ? state : undefined;
  const method: Parameters = {
    type,
    ...(lambdas.length > 0 ? { lambdas } : {}),
    ...(lambdaIndex !== undefined ? { lambda_index: lambdaIndex } : {}),
    // A scalar in NOMAD's definition too, and a list in its parsers' archives (see Lambdas.value).
    ...(coupled ? { atom_indices: coupled as unknown as number } : {}),
  };
  const initial = mdp?.get('couple-lambda0');
  const final = mdp?.get('couple-lambda1');
  if (mdp?.get('couple-moltype')) {
    method.initial_state_vdw = bool(initial ?? 'vdw-q', 'vdw');
    method.final_state_vdw = bool(final ?? 'vdw-q', 'vdw');
    method.initial_state_coloumb = bool(initial ?? 'vdw-q', 'q');
    method.final_state_coloumb = bool(final ?? 'vdw-q', 'q');
    // couple-moltype switches non-bonded interactions only: bonded ones stay in both states.
    method.initial_state_bonded = true;
    method.final_state_bonded = true;
  }
  if (!dhdl || dhdl.times.length === 0) return { method };
  return {
    method,
    results: {
      method_ref: '/workflow2/method/free_energy_calculation_parameters/0',
      ...(lambdaIndex !== undefined ? { lambda_index: lambdaIndex } : {}),
      ...(dhdl.states > 0 ? { n_states: dhdl.states } : {}),
      n_frames: dhdl.times.length,
      times: dhdl.times.map((t) => t * PICOSECOND),
      value_unit: 'kilojoule',
    },
  };
}
