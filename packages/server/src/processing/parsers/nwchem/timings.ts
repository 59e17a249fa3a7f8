// NWChem's wall times as NOMAD's timings: per SCF iteration from the iteration table's time column, per
// calculation from an optimisation step's 'Walltime', else from the SCF's 'Total iterative time'.
import { HARTREE } from '@oasis/chem';
import type { RunCalculation, ScfIteration } from '@oasis/schema';
import type { NwchemEnergy } from './read-nwchem.ts';

/** scf_iteration (energy, change, wall times) and n_scf_iterations of an energy's SCF. */
export function scfIterationsOf(
  energy: NwchemEnergy,
): Pick<RunCalculation, 'n_scf_iterations' | 'scf_iteration'> {
  if (energy.iterations.length === 0) return {};
  let previous = energy.startTime;
  const iterations = energy.iterations.map((iteration) => {
    const section: ScfIteration = {
      energy: {
        total: { value: iteration.energy * HARTREE },
        ...(iteration.change !== undefined ? { change: iteration.change * HARTREE } : {}),
      },
    };
    if (iteration.wallTime !== undefined) {
      section.time_physical = iteration.wallTime;
      if (previous !== undefined) section.time_calculation = Math.max(0, iteration.wallTime - previous);
      previous = iteration.wallTime;
    }
    return section;
  });
  return { n_scf_iterations: iterations.length, scf_iteration: iterations };
}

/**
 * time_calculation and time_physical per calculation. An optimisation step's 'Walltime' is the elapsed
 * wall time at its end, the step's time the difference to the step before; otherwise the SCF's iterative
 * time is the calculation's, and the elapsed time their running sum.
 */
export function timesOf(
  steps: readonly NwchemEnergy[],
): Pick<RunCalculation, 'time_calculation' | 'time_physical'>[] {
  let elapsed = 0;
  let lastWall = 0;
  return steps.map((step) => {
    if (step.stepWallTime !== undefined) {
      const section = {
        time_calculation: Math.max(0, step.stepWallTime - lastWall),
        time_physical: step.stepWallTime,
      };
      lastWall = step.stepWallTime;
      elapsed = step.stepWallTime;
      return section;
    }
    if (step.iterativeTime === undefined) return {};
    elapsed += step.iterativeTime;
    return { time_calculation: step.iterativeTime, time_physical: elapsed };
  });
}
