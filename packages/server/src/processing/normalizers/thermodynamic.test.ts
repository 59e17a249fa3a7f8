import { describe, expect, it } from 'vitest';
import { thermodynamicTrajectory } from './thermodynamic.ts';

const md = (calculations: Record<string, unknown>[], method: Record<string, unknown> = {}) => ({
  run: [{ calculation: calculations }],
  workflow2: { m_def: 'simulationworkflowschema.MolecularDynamics', name: 'MolecularDynamics', method },
});

describe('the thermodynamic trajectory of a molecular-dynamics run', () => {
  it('takes temperature and potential energy against each step time, with time step and ensemble', () => {
    const trajectory = thermodynamicTrajectory(
      md(
        [
          { time_physical: 0, temperature: 300, energy: { total: { value: -1e-17 } } },
          { time_physical: 1e-15, temperature: 310, energy: { total: { value: -1.1e-17 } } },
        ],
        { integration_timestep: 1e-15, thermodynamic_ensemble: 'NVT' },
      ),
    );
    expect(trajectory).toEqual({
      available_properties: ['temperature', 'energy_potential'],
      temperature: { value: [300, 310], time: [0, 1e-15] },
      energy_potential: { value: [-1e-17, -1.1e-17], time: [0, 1e-15] },
      provenance: {
        label: 'molecular dynamics',
        molecular_dynamics: { time_step: 1e-15, ensemble_type: 'NVT' },
      },
    });
  });

  it('counts steps by the time step when steps have no times, and needs more than one value', () => {
    const trajectory = thermodynamicTrajectory(
      md([{ step: 0, temperature: 1 }, { step: 2, temperature: 2 }, { energy: { total: { value: 5 } } }], {
        integration_timestep: 2,
      }),
    );
    expect(trajectory?.temperature).toEqual({ value: [1, 2], time: [0, 4] });
    // A single potential energy is no trajectory.
    expect(trajectory?.available_properties).toEqual(['temperature']);
    expect(thermodynamicTrajectory(md([{ temperature: 1 }, { temperature: 2 }]))).toBeUndefined();
  });

  it('is only for molecular dynamics', () => {
    const archive = md([
      { time_physical: 0, temperature: 1 },
      { time_physical: 1, temperature: 2 },
    ]);
    expect(thermodynamicTrajectory({ ...archive, workflow2: { name: 'SinglePoint' } })).toBeUndefined();
  });
});
