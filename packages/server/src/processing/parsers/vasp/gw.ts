// The GW method of a VASP many-body run (ALGO = G0W0, EVGW0, GW0, QPGW ...): NOMAD gives it its own
// method section after the DFT one it starts from, with the q-mesh and the frequency mesh.
import type { KMesh } from './method.ts';
import type { Settings } from './settings.ts';

type GwType = 'G0W0' | 'ev-scGW0' | 'ev-scGW' | 'qp-scGW0' | 'qp-scGW';

interface GwSection {
  type: GwType;
  n_states?: number;
  analytical_continuation?: 'pade';
  q_mesh?: { grid?: number[]; sampling_method?: KMesh['sampling_method']; n_points?: number };
}

export interface GwMethodSection {
  starting_method_ref: string;
  gw: GwSection;
  k_mesh?: KMesh;
  frequency_mesh: { dimensionality: number; n_points?: number }[];
}

/**
 * ALGO values of GW runs (VASP wiki 'ALGO', without the trailing R of the low-scaling space-time
 * variants): a single shot, or what iterates (eigenvalues or quasi-particles); a trailing 0 keeps W fixed.
 */
const GW_ALGOS: Readonly<Record<string, 'G0W0' | 'ev' | 'qp'>> = {
  G0W0: 'G0W0',
  GW0: 'ev',
  EVGW0: 'ev',
  GW: 'ev',
  EVGW: 'ev',
  QPGW0: 'qp',
  QPGW: 'qp',
  SCGW0: 'qp',
  SCGW: 'qp',
};

/**
 * The GW type: eigenvalue or quasi-particle self-consistent, with W fixed ('...GW0') or updated,
 * and a single shot (G0W0) when only one iteration runs. The iterations are NELMGW (VASP >= 6.3),
 * else NELM, which earlier versions used for them.
 */
function gwType(algo: string, settings: Settings): GwType | undefined {
  const base = algo.replace(/R$/, '');
  const kind = GW_ALGOS[base];
  if (kind === undefined) return undefined;
  if (kind === 'G0W0') return 'G0W0';
  const iterations = settings.number('NELMGW') ?? settings.number('NELM') ?? 1;
  if (kind === 'ev' && iterations <= 1) return 'G0W0';
  const fixedW = base.endsWith('0');
  return `${kind}-scGW${fixedW ? '0' : ''}` as GwType;
}

/** The GW method, or undefined when ALGO does not name a GW run. */
export function gwMethodOf(settings: Settings, kMesh: KMesh | undefined): GwMethodSection | undefined {
  const algo = settings.string('ALGO');
  if (algo === undefined) return undefined;
  const type = gwType(algo, settings);
  if (type === undefined) return undefined;
  const gw: GwSection = { type };
  const nbands = settings.number('NBANDS');
  if (nbands !== undefined) gw.n_states = nbands;
  // Only the space-time variants continue the self-energy from the imaginary axis (Padé).
  if (algo.endsWith('R')) gw.analytical_continuation = 'pade';
  if (kMesh) {
    // VASP's GW uses the k-point mesh of the run for the momentum transfers too.
    gw.q_mesh = { n_points: kMesh.n_points };
    if (kMesh.grid) gw.q_mesh.grid = kMesh.grid;
    if (kMesh.sampling_method) gw.q_mesh.sampling_method = kMesh.sampling_method;
  }
  const frequencies: GwMethodSection['frequency_mesh'][number] = { dimensionality: 1 };
  const nomega = settings.number('NOMEGA');
  if (nomega !== undefined) frequencies.n_points = nomega;
  const method: GwMethodSection = {
    starting_method_ref: '/run/0/method/0',
    gw,
    frequency_mesh: [frequencies],
  };
  if (kMesh) method.k_mesh = kMesh;
  return method;
}
