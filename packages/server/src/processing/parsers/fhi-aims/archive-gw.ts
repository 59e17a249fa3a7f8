// The GW run of an FHI-aims output that computed GW on top of its DFT ground state: a run of its own
// (NOMAD's layout for many-body runs) with the last geometry, method.gw and the self-energy's frequency
// mesh, and one calculation with the quasi-particle energies and the scGW iterations.
import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import type { CalculationEnergy, GwMethod, Run, RunCalculation, RunMethod } from '@oasis/schema';
import { calculationRefs } from '../code-sections.ts';
import type { AimsOutput } from './read-aims.ts';

/** method.gw.type of FHI-aims' 'qpe_calc' and 'sc_self_energy' keywords. */
const GW_TYPES: Readonly<Record<string, NonNullable<GwMethod['type']>>> = {
  gw: 'G0W0',
  gw_expt: 'G0W0',
  ev_scgw0: 'ev-scGW0',
  ev_scgw: 'ev-scGW',
  scgw: 'scGW',
  scgw0: 'scGW0',
};

/** The GW flavour the control.in asks for, if any. */
function gwTypeOf(control: Map<string, string>): GwMethod['type'] {
  const sc = (control.get('sc_self_energy') ?? '').split(/\s+/)[0]!.toLowerCase();
  const qpe = (control.get('qpe_calc') ?? '').split(/\s+/)[0]!.toLowerCase();
  return GW_TYPES[sc] ?? GW_TYPES[qpe];
}

/** anacon_type 0 is FHI-aims' two-pole fit, 1 (the default) Padé's approximant. */
function continuationOf(control: Map<string, string>): GwMethod['analytical_continuation'] {
  const type = (control.get('anacon_type') ?? '').trim();
  return type === '0' ? 'multi_pole' : 'pade';
}

/** The second run of an output with GW, or undefined when it computed none. */
export function gwRun(out: AimsOutput, dftRun: Run): Run | undefined {
  const type = gwTypeOf(out.control);
  if (!type && !out.gw) return undefined;
  const gw: GwMethod = { analytical_continuation: continuationOf(out.control) };
  if (type) gw.type = type;
  if (out.nStates !== undefined) gw.n_states = out.nStates;
  const dftMethod = dftRun.method![0]!;
  const method: RunMethod = { gw, starting_method_ref: '/run/0/method/0' };
  if (dftMethod.k_mesh) method.k_mesh = dftMethod.k_mesh;
  if (dftMethod.electrons_representation)
    method.electrons_representation = dftMethod.electrons_representation;
  const frequencies = out.gw?.frequencies ?? [];
  const nPoints = frequencies.length || out.gw?.nFrequencies;
  if (nPoints)
    method.frequency_mesh = [
      {
        dimensionality: 1,
        n_points: nPoints,
        ...(out.gw?.frequencySampling ? { sampling_method: out.gw.frequencySampling } : {}),
        ...(frequencies.length > 0 ? { points: frequencies.map((f) => [f * HARTREE]) } : {}),
      },
    ];
  const systems = dftRun.system!;
  const dftCalculations = dftRun.calculation ?? [];
  const lastDft = dftCalculations[dftCalculations.length - 1];
  const calculation: RunCalculation = calculationRefs(0, 0, 1);
  const fermi = lastDft?.energy?.fermi;
  if (typeof fermi === 'number') calculation.energy = { fermi };
  const qp = out.gw?.quasiParticles;
  if (qp && qp.qp.length > 0) {
    const per = (values: number[]) => [[values.map((v) => v * ELECTRON_VOLT)]];
    calculation.eigenvalues = [
      {
        n_spin_channels: 1,
        n_kpoints: 1,
        n_bands: qp.qp.length,
        kpoints: [[0, 0, 0]],
        occupations: [[qp.occupations]],
        energies: per(qp.qp),
        value_qp: per(qp.qp),
        value_ks: per(qp.ks),
        value_exchange: per(qp.exchange),
        value_ks_xc: per(qp.ksXc),
        value_correlation: per(qp.correlation),
      },
    ];
  }
  const iterations = out.gw?.iterations ?? [];
  if (iterations.length > 0) {
    calculation.n_scf_iterations = iterations.length;
    calculation.scf_iteration = iterations.map((it) => {
      const energy: CalculationEnergy = {};
      if (it.total !== undefined) energy.total = { value: it.total * ELECTRON_VOLT };
      if (it.correlation !== undefined) energy.correlation = { value: it.correlation * ELECTRON_VOLT };
      if (it.exchange !== undefined) energy.exchange = { value: it.exchange * ELECTRON_VOLT };
      return { energy };
    });
  }
  return {
    program: dftRun.program,
    method: [method],
    system: [systems[systems.length - 1]!],
    calculation: [calculation],
  };
}
