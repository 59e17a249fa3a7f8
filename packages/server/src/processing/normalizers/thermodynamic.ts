// results.properties.thermodynamic.trajectory of a molecular-dynamics run, as NOMAD's normaliser derives
// it: temperature, pressure and potential energy of each step against its time, with the run's time step
// and ensemble as provenance.
import { energyValue, finiteNumber, indexedSections, sectionAt, simulatedTime } from './archive-path.ts';
import { isSection, type Section } from './normalizer.ts';
import { workflowClassName } from './workflow.ts';

/** A quantity along the trajectory: values and their times (s). */
interface Series {
  value: number[];
  time: number[];
}

/** The times of the steps: their own, else step numbers or positions times the time step. */
function stepTimes(calculations: Section[], timeStep: number | undefined): number[] | undefined {
  const own = calculations.map(simulatedTime);
  if (own.every((time) => time !== undefined)) return own as number[];
  if (timeStep === undefined) return undefined;
  return calculations.map((calculation, index) => (finiteNumber(calculation.step) ?? index) * timeStep);
}

/** The values a quantity has in every step that has it, with those steps' times. */
function series(
  calculations: Section[],
  times: number[],
  read: (calculation: Section) => number | undefined,
): Series | undefined {
  const value: number[] = [];
  const time: number[] = [];
  calculations.forEach((calculation, index) => {
    const quantity = read(calculation);
    if (quantity === undefined) return;
    value.push(quantity);
    time.push(times[index]!);
  });
  // One value is no trajectory.
  return value.length > 1 ? { value, time } : undefined;
}

/** The trajectory section of an archive whose workflow is molecular dynamics, or undefined. */
export function thermodynamicTrajectory(archive: Section): Section | undefined {
  const workflow = archive.workflow2;
  if (!isSection(workflow) || workflowClassName(workflow) !== 'MolecularDynamics') return undefined;
  const run = indexedSections(archive.run)[0]?.[1];
  const calculations = indexedSections(run?.calculation).map(([, calculation]) => calculation);
  const method = sectionAt(workflow, 'method');
  const timeStep = finiteNumber(method?.integration_timestep);
  const times = stepTimes(calculations, timeStep);
  if (!times) return undefined;
  const quantities: [string, Series | undefined][] = [
    ['temperature', series(calculations, times, (c) => finiteNumber(c.temperature))],
    ['pressure', series(calculations, times, (c) => finiteNumber(c.pressure))],
    // A force field's run states its potential energy; an electronic-structure run's total energy is it.
    [
      'energy_potential',
      series(calculations, times, (c) => {
        const energy = sectionAt(c, 'energy');
        return energyValue(energy?.potential) ?? energyValue(energy?.total);
      }),
    ],
  ];
  const present = quantities.filter((entry): entry is [string, Series] => entry[1] !== undefined);
  if (present.length === 0) return undefined;
  const molecularDynamics: Section = {};
  if (timeStep !== undefined) molecularDynamics.time_step = timeStep;
  const ensemble = method?.thermodynamic_ensemble;
  if (typeof ensemble === 'string' && ['NVE', 'NVT', 'NPT', 'NPH'].includes(ensemble))
    molecularDynamics.ensemble_type = ensemble;
  return {
    available_properties: present.map(([name]) => name),
    ...Object.fromEntries(present),
    provenance: { label: 'molecular dynamics', molecular_dynamics: molecularDynamics },
  };
}
