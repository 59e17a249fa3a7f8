// The method of each Yambo step: its databases with their settings (code-specific, as NOMAD keeps them),
// the screening fragments of the dielectric matrix, and NOMAD's GW settings for the Dyson step.
import { ELECTRON_VOLT } from '@oasis/chem';
import type { GwMethod, RunMethod, WithCodeSpecific } from '@oasis/schema';
import type { Database } from './databases.ts';
import type { YamboReport } from './read-yambo.ts';
import { parameterValue, partSection, type YamboStep } from './steps.ts';

/** Screening matrices larger than this (values per q-point) are left out of the archive. */
const MAX_MATRIX_VALUES = 20_000;

/** A C-ordered array as nested lists of its shape. */
function nested(values: Float64Array, shape: readonly number[]): unknown {
  if (shape.length <= 1) return Array.from(values);
  const [first, ...rest] = shape;
  const size = values.length / first!;
  return Array.from({ length: first! }, (_, i) => nested(values.slice(i * size, (i + 1) * size), rest));
}

/** x_yambo_fragment of a dielectric matrix: its frequencies and, when small, the matrix X_Q itself. */
function fragmentSection(fragment: Database): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const [name, variable] of fragment) {
    if (typeof variable.values === 'string') continue;
    const value = nested(variable.values, variable.shape);
    if (name.startsWith('FREQ_PARS_sec_iq')) section.x_yambo_FREQ_PARS_sec_iq = value;
    else if (name.startsWith('FREQ_sec_iq')) section.x_yambo_FREQ_sec_iq = value;
    else if (name.startsWith('X_Q') && variable.values.length <= MAX_MATRIX_VALUES) {
      section.x_yambo_X_Q = value;
      section.x_yambo_matrix_size = variable.shape[1];
    }
  }
  return section;
}

/** A setting of the records of a step's databases whose file matches `file`. */
function settingOf(step: YamboStep | undefined, file: RegExp, key: RegExp): string | number | undefined {
  const records =
    step?.parts.flatMap((part) => part.io).filter((r) => r.head && file.test(r.head.file)) ?? [];
  const found = records.flatMap((r) => r.parameters).find((p) => key.test(p.key));
  return found === undefined ? undefined : parameterValue(found.value);
}

/** The k- or q-mesh of the run: the grid of the setup and the number of irreducible points. */
const meshOf = (grid: number[] | undefined, points: unknown) => ({
  dimensionality: 3,
  ...(grid?.length === 3 ? { grid } : {}),
  ...(typeof points === 'number' ? { n_points: points } : {}),
});

/**
 * The GW settings of the Dyson step: from the settings ndb.QP was written with, its G0W0 part and the
 * dielectric matrix step that screened it.
 */
function gwOf(step: YamboStep, steps: readonly YamboStep[], report: YamboReport): GwMethod {
  const qp = (key: RegExp) => settingOf(step, /\.QP$/, key);
  const iterations = [qp(/^GWo SC iterations/), qp(/^GW\s+SC iterations/)].map((v) =>
    typeof v === 'number' ? v : 0,
  );
  const gw: GwMethod = { type: iterations[1]! > 0 ? 'ev-scGW' : iterations[0]! > 0 ? 'ev-scGW0' : 'G0W0' };
  // Yambo's plasmon-pole model is Godby and Needs' ('GW approximation: PPA', 'PPA imaginary pt').
  const qpRecord = step.parts.flatMap((part) => part.io).find((r) => r.head && /\.QP$/.test(r.head.file));
  if (qpRecord?.parameters.some((p) => /PPA/.test(p.key) || p.value === 'PPA'))
    gw.analytical_continuation = 'ppm_GodbyNeeds';
  const bands = step.parts.find((part) => part.bandsRange)?.bandsRange;
  if (bands?.length === 2) gw.n_states = bands[1]! - bands[0]! + 1;
  const damping = step.parts.find((part) => part.damping !== undefined)?.damping;
  if (damping !== undefined) gw.broadening = damping * ELECTRON_VOLT;
  const range = qpRecord?.parameters.find((p) => /b range|: b /.test(`${p.key}: ${p.value}`));
  const bandRange = range && /(\d+)\s*(?:-\s*)?(\d+)\s*$/.exec(range.value);
  if (bandRange) gw.interval_qp_corrections = [Number(bandRange[1]), Number(bandRange[2])];
  const database = report.head?.database?.parameters.find((p) => p.key === 'K-points');
  gw.k_mesh = meshOf(report.grid, database && parameterValue(database.value));
  gw.q_mesh = meshOf(report.grid, report.qPoints);
  // The screening: bands of the response function, random-phase approximation without an xc kernel.
  const screening = steps.find((s) => s.kind === 'dynamic_dielectric_matrix');
  const xBands = settingOf(screening, /ndb\.(?:pp|em1d|em1s)$/, /^X band range$/);
  const kernel = settingOf(screening, /ndb\.(?:pp|em1d|em1s)$/, /^X xc-Kernel$/);
  const xRange = typeof xBands === 'string' ? xBands.split(/\s+/).map(Number) : [];
  if (screening)
    gw.screening = {
      ...(kernel === 'none' ? { type: 'RPA' } : {}),
      ...(xRange.length === 2 && xRange.every(Number.isFinite)
        ? { n_states: xRange[1]! - xRange[0]! + 1 }
        : {}),
    };
  return gw;
}

export const methodOf = (
  step: YamboStep,
  steps: readonly YamboStep[],
  report: YamboReport,
  fragments: Database[] = [],
): WithCodeSpecific<RunMethod> => {
  const parts = step.parts.map(partSection).filter((part) => Object.keys(part).length > 0);
  if (fragments.length > 0) {
    if (parts.length === 0) parts.push({});
    parts[0]!.x_yambo_fragment = fragments.map(fragmentSection);
  }
  const method: WithCodeSpecific<RunMethod> = { [`x_yambo_${step.kind}`]: parts.length > 0 ? parts : [{}] };
  if (step.kind === 'dyson') method.gw = gwOf(step, steps, report);
  return method;
};
