// workflow2 of a VASP run from its ionic steps and IBRION/ISIF/EDIFFG. Results (energies per step,
// convergence) are left to the workflow normaliser, which derives them from run.calculation.
import type { Settings } from './settings.ts';
import { EV, EV_PER_ANGSTROM } from './units.ts';

interface GeometryOptimizationMethod {
  type?: 'atomic' | 'cell_shape' | 'cell_volume';
  method?: string;
  /** J, from EDIFFG > 0 */
  convergence_tolerance_energy_difference?: number;
  /** N, from EDIFFG < 0 */
  convergence_tolerance_force_maximum?: number;
  optimization_steps_maximum?: number;
}

export interface WorkflowSection {
  m_def: string;
  name: string;
  method?: GeometryOptimizationMethod;
}

/** IBRION -> optimiser (VASP wiki 'IBRION'); names as NOMAD's metainfo spells them. */
const OPTIMIZERS: Readonly<Record<number, string>> = {
  1: 'quasi_newton',
  2: 'conjugant_gradient',
  3: 'damped_molecular_dynamics',
};

/**
 * ISIF says what relaxes: 0-2 the ions only, 3-6 the cell shape too (5 and 6 hold the ions or
 * nothing fixed but still change the shape), 7 only the volume.
 */
function optimizationType(isif: number | undefined): GeometryOptimizationMethod['type'] {
  if (isif === undefined || isif < 3) return 'atomic';
  return isif === 7 ? 'cell_volume' : 'cell_shape';
}

export function workflowOf(settings: Settings, nSteps: number): WorkflowSection {
  const ibrion = settings.number('IBRION');
  if (nSteps <= 1 || ibrion === undefined || ibrion === -1) {
    return { m_def: 'simulationworkflowschema.SinglePoint', name: 'SinglePoint' };
  }
  if (ibrion === 0) {
    return { m_def: 'simulationworkflowschema.MolecularDynamics', name: 'MolecularDynamics' };
  }
  const method: GeometryOptimizationMethod = { type: optimizationType(settings.number('ISIF')) };
  const optimizer = OPTIMIZERS[ibrion];
  if (optimizer) method.method = optimizer;
  const ediffg = settings.number('EDIFFG');
  if (ediffg !== undefined && ediffg > 0) method.convergence_tolerance_energy_difference = ediffg * EV;
  if (ediffg !== undefined && ediffg < 0)
    method.convergence_tolerance_force_maximum = -ediffg * EV_PER_ANGSTROM;
  const nsw = settings.number('NSW');
  if (nsw !== undefined && nsw > 0) method.optimization_steps_maximum = nsw;
  return { m_def: 'simulationworkflowschema.GeometryOptimization', name: 'GeometryOptimization', method };
}
