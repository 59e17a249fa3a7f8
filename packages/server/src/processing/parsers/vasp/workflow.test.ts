import { describe, expect, it } from 'vitest';
import { settingsOf } from './settings.ts';
import { EV, EV_PER_ANGSTROM } from './units.ts';
import { workflowOf } from './workflow.ts';

const workflow = (parameters: Record<string, number>, steps: number): ReturnType<typeof workflowOf> =>
  workflowOf(settingsOf({}, parameters), steps);

describe('VASP workflow2', () => {
  it('is a single point for one ionic step, whatever IBRION says', () => {
    expect(workflow({ IBRION: 2, NSW: 60 }, 1)).toEqual({
      m_def: 'simulationworkflowschema.SinglePoint',
      name: 'SinglePoint',
    });
    expect(workflow({ IBRION: -1, NSW: 0 }, 3).name).toBe('SinglePoint');
  });

  it('is molecular dynamics for IBRION 0', () => {
    expect(workflow({ IBRION: 0, NSW: 100 }, 5)).toEqual({
      m_def: 'simulationworkflowschema.MolecularDynamics',
      name: 'MolecularDynamics',
    });
  });

  it('is a geometry optimisation with its tolerance from EDIFFG', () => {
    // EDIFFG < 0: force criterion |EDIFFG| eV/Å; ISIF 2 relaxes the ions only.
    expect(workflow({ IBRION: 2, ISIF: 2, EDIFFG: -0.02, NSW: 60 }, 3)).toEqual({
      m_def: 'simulationworkflowschema.GeometryOptimization',
      name: 'GeometryOptimization',
      method: {
        type: 'atomic',
        method: 'conjugant_gradient',
        convergence_tolerance_force_maximum: 0.02 * EV_PER_ANGSTROM,
        optimization_steps_maximum: 60,
      },
    });
    // EDIFFG > 0: energy criterion in eV; ISIF 3 changes the cell shape.
    const relax = workflow({ IBRION: 1, ISIF: 3, EDIFFG: 0.001 }, 2).method;
    expect(relax).toEqual({
      type: 'cell_shape',
      method: 'quasi_newton',
      convergence_tolerance_energy_difference: 0.001 * EV,
    });
    expect(workflow({ IBRION: 2, ISIF: 7 }, 2).method?.type).toBe('cell_volume');
  });
});
