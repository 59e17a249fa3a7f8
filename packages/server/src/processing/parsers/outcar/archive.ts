// From OUTCAR data to NOMAD's run and workflow2 sections, in SI units: program, one method, one
// system and one calculation per completed ionic step.
import {
  ANGSTROM,
  ELECTRON_VOLT,
  EV_PER_ANGSTROM,
  KILOBAR,
  scaleMat3,
  scaleVec3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type {
  CalculationEnergy,
  GeometryOptimizationMethod,
  Run,
  RunCalculation,
  RunMethod,
  RunProgram,
  TimeRun,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import { type Structure } from '../../structure.ts';
import { dosOf } from '../vasp/electronic.ts';
import { gwMethodOf } from '../vasp/gw.ts';
import { timingsOf } from '../vasp/calculation.ts';
import { atomParametersOf, electronicOf, scfOf, type KMesh } from '../vasp/method.ts';
import { electronsRepresentationOf, headersFor } from '../vasp/potcar.ts';
import { calculationRefs } from '../code-sections.ts';
import type { RawAtomType, RawDos, TagMap } from '../vasp/raw.ts';
import { settingsOf, type Settings } from '../vasp/settings.ts';
import { xcFunctionalOf } from '../vasp/xc.ts';
import { eigenvaluesOf, kMeshOf, scfIterationsOf } from './electronic.ts';
import type { IncarTags } from './incar.ts';
import type { Outcar, OutcarStep } from './read-outcar.ts';

export interface OutcarArchive {
  run: Run;
  workflow2?: Workflow;
  /** The last ionic step's structure, the entry's representative one. */
  structure: Structure;
  warnings: string[];
}

interface CompleteStep extends OutcarStep {
  lattice: Mat3;
  positions: Vec3[];
}

function isComplete(step: OutcarStep): step is CompleteStep {
  return step.lattice !== undefined && step.positions !== undefined && step.energies.free !== undefined;
}

function structureOf(species: string[], lattice: Mat3, positions: Vec3[]): Structure {
  return {
    species,
    positions: positions.map((p) => scaleVec3(p, ANGSTROM)),
    lattice: scaleMat3(lattice, ANGSTROM),
    periodic: [true, true, true],
  };
}

function calculationOf(
  step: CompleteStep,
  index: number,
  context: { outcar: Outcar; start: number | undefined; warnings: string[]; methodIndex: number },
): RunCalculation {
  const energy: CalculationEnergy = {};
  const { free, withoutEntropy, sigma0 } = step.energies;
  // NOMAD's VASP mapping: 'energy without entropy' is the total energy, TOTEN the free energy.
  if (withoutEntropy !== undefined) energy.total = { value: withoutEntropy * ELECTRON_VOLT };
  if (free !== undefined) energy.free = { value: free * ELECTRON_VOLT };
  if (sigma0 !== undefined) energy.total_t0 = { value: sigma0 * ELECTRON_VOLT };
  if (step.fermi !== undefined) energy.fermi = step.fermi * ELECTRON_VOLT;
  const calculation: RunCalculation = { ...calculationRefs(index, context.methodIndex), energy };
  if (step.forces)
    calculation.forces = { total: { value: step.forces.map((f) => scaleVec3(f, EV_PER_ANGSTROM)) } };
  if (step.stress) calculation.stress = { total: { value: scaleMat3(step.stress, KILOBAR) } };
  if (step.scfConverged !== undefined) calculation.calculation_converged = step.scfConverged;
  const { outcar, start, warnings } = context;
  if (step.scf.length > 0) {
    calculation.n_scf_iterations = step.scf.length;
    calculation.scf_iteration = scfIterationsOf(step, start);
  }
  Object.assign(calculation, timingsOf([step.time], start)[0]);
  const electronic = eigenvaluesOf(step, outcar.kpoints, warnings);
  if (electronic.eigenvalues) calculation.eigenvalues = [electronic.eigenvalues];
  if (electronic.highestOccupied !== undefined) energy.highest_occupied = electronic.highestOccupied;
  if (electronic.lowestUnoccupied !== undefined) energy.lowest_unoccupied = electronic.lowestUnoccupied;
  return calculation;
}

function programOf(outcar: Outcar): RunProgram {
  const h = outcar.header;
  // NOMAD joins version, build date and type, 'parallel' and the platform into one string.
  const parts = [h.version, h.buildDate, h.buildType];
  // VASP 4 headers already name 'parallel' and the platform in the build part.
  for (const extra of [h.parallel, h.platform]) {
    if (extra && !(h.buildType ?? '').split(/\s+/).includes(extra)) parts.push(extra);
  }
  const version = parts.filter((p) => p).join(' ');
  const program: RunProgram = { name: 'VASP', version };
  const date = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(h.date ?? '');
  const time = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(h.time ?? '');
  if (date && time) {
    // NOMAD stores the run's start (as UTC seconds) in compilation_datetime.
    program.compilation_datetime =
      Date.UTC(
        Number(date[1]),
        Number(date[2]) - 1,
        Number(date[3]),
        Number(time[1]),
        Number(time[2]),
        Number(time[3]),
      ) / 1000;
  }
  return program;
}

/** Start (the header's date, as UTC) and wall time of the run, when the OUTCAR gives them. */
function timeRunOf(outcar: Outcar, program: RunProgram): TimeRun | undefined {
  const timeRun: TimeRun = {};
  const start = program.compilation_datetime;
  if (typeof start === 'number') timeRun.date_start = start;
  if (outcar.elapsed !== undefined) {
    timeRun.wall_start = 0;
    timeRun.wall_end = outcar.elapsed;
    if (typeof start === 'number') timeRun.date_end = start + outcar.elapsed;
  }
  return Object.keys(timeRun).length > 0 ? timeRun : undefined;
}

/**
 * Tags as the vasprun parser's helpers read them: the Startparameter echo wins over the INCAR
 * echo and file. Mixed lists (rare in an INCAR) are kept as text lists.
 */
function settingsFrom(outcar: Outcar, incarFile: IncarTags | undefined): Settings {
  const toTagMap = (tags: IncarTags): TagMap => {
    const map: TagMap = {};
    for (const [key, value] of Object.entries(tags)) {
      if (!Array.isArray(value)) map[key] = value;
      else if (value.every((v) => typeof v === 'number')) map[key] = value;
      else if (value.every((v) => typeof v === 'boolean')) map[key] = value;
      else map[key] = value.map(String);
    }
    return map;
  };
  const parameters = toTagMap(outcar.parameters);
  if (outcar.nBands !== undefined && parameters.NBANDS === undefined) parameters.NBANDS = outcar.nBands;
  return settingsOf(toTagMap({ ...incarFile, ...outcar.incarEcho }), parameters);
}

/** The method section, built with the vasprun parser's helpers so both VASP parsers agree. */
function methodOf(
  outcar: Outcar,
  settings: Settings,
  incarFile: IncarTags | undefined,
  warnings: string[],
): WithCodeSpecific<RunMethod> {
  const xc = xcFunctionalOf(settings, outcar.potcars, (message) => warnings.push(message));
  const ldau = outcar.ldau || settings.boolean('LDAU') === true;
  const method: WithCodeSpecific<RunMethod> = {
    dft: { xc_functional: xc },
    electronic: electronicOf(settings, ldau),
  };
  const scf = scfOf(settings);
  if (scf) method.scf = scf;
  const cutoff = settings.number('ENCUT') ?? settings.number('ENMAX');
  method.electrons_representation = [electronsRepresentationOf(settings, cutoff, settings.number('ENAUG'))];
  const kMesh = kMeshOf(outcar.kpoints);
  if (kMesh) method.k_mesh = kMesh;
  const headers = headersFor(outcar.potcars, outcar.potcarHeaders);
  method.atom_parameters = atomParametersOf(
    outcar.elements.map((element, i) => {
      const type: RawAtomType = { element, count: outcar.ionsPerType[i] ?? 0 };
      // The POTCAR header prints the mass with more digits than the parameter echo.
      const mass = headers[i]?.pomass ?? outcar.masses?.[i];
      if (mass !== undefined) type.mass = mass;
      const valence = outcar.valences?.[i];
      if (valence !== undefined) type.valence = valence;
      const potcar = outcar.potcars[i];
      if (potcar !== undefined) type.pseudopotential = potcar;
      return type;
    }),
    headers,
  );
  if (incarFile) method.x_vasp_incar_in = incarFile;
  else if (Object.keys(outcar.incarEcho).length > 0) method.x_vasp_incar_in = outcar.incarEcho;
  method.x_vasp_incar_out = outcar.parameters;
  return method;
}

/** IBRION -> optimiser, spelled as NOMAD's metainfo (and the vasprun parser) spells them. */
const OPTIMIZERS: Readonly<Record<number, string>> = {
  1: 'quasi_newton',
  2: 'conjugant_gradient',
  3: 'damped_molecular_dynamics',
};

/**
 * The workflow VASP ran, from IBRION as NOMAD decides it (NSW = 0 means no ionic steps): -1 single
 * point, 0 molecular dynamics, 1-3 relaxation, even when the file holds only some of its steps.
 * Finite differences (5-8) and other modes get no workflow2. The relaxation method has the same
 * fields as the vasprun parser's: what relaxes (ISIF), the optimiser, EDIFFG and NSW.
 */
function workflowOf(settings: Settings, warnings: string[]): Workflow | undefined {
  const nsw = settings.number('NSW') ?? 0;
  const ibrion = nsw === 0 ? -1 : (settings.number('IBRION') ?? 0);
  if (ibrion === -1) return { m_def: 'simulationworkflowschema.SinglePoint', name: 'SinglePoint' };
  if (ibrion === 0) return { m_def: 'simulationworkflowschema.MolecularDynamics', name: 'MolecularDynamics' };
  if (ibrion >= 1 && ibrion <= 3) {
    const isif = settings.number('ISIF');
    const method: GeometryOptimizationMethod = {
      type: isif === undefined || isif < 3 ? 'atomic' : isif === 7 ? 'cell_volume' : 'cell_shape',
      method: OPTIMIZERS[ibrion],
    };
    const ediffg = settings.number('EDIFFG');
    // EDIFFG > 0 stops on energy changes, < 0 on the largest force.
    if (ediffg !== undefined && ediffg > 0)
      method.convergence_tolerance_energy_difference = ediffg * ELECTRON_VOLT;
    if (ediffg !== undefined && ediffg < 0)
      method.convergence_tolerance_force_maximum = -ediffg * EV_PER_ANGSTROM;
    method.optimization_steps_maximum = nsw;
    return { m_def: 'simulationworkflowschema.GeometryOptimization', name: 'GeometryOptimization', method };
  }
  warnings.push(`IBRION = ${ibrion} (not a single point, MD or relaxation): no workflow2 section`);
  return undefined;
}

/**
 * Builds the archive sections; `incarFile` are the tags of a sibling INCAR file and `doscar` the
 * density of states of a sibling DOSCAR (the run's last step), if they were read.
 */
export function outcarArchive(outcar: Outcar, incarFile?: IncarTags, doscar?: RawDos): OutcarArchive {
  const warnings = [...outcar.warnings];
  if (outcar.ionsPerType.length === 0) throw new Error("OUTCAR has no 'ions per type' line");
  if (outcar.elements.length === 0) {
    throw new Error(
      "OUTCAR names no pseudopotentials ('POTCAR:' or 'TITEL' lines), so the species are unknown",
    );
  }
  if (outcar.elements.length !== outcar.ionsPerType.length) {
    throw new Error(
      `OUTCAR has ${outcar.elements.length} POTCAR titles but ${outcar.ionsPerType.length} numbers in 'ions per type'`,
    );
  }
  const species = outcar.elements.flatMap((e, i) => Array<string>(outcar.ionsPerType[i] ?? 0).fill(e));
  // Values VASP reports using win over the INCAR file, which may hold tags VASP ignored.
  const settings = settingsFrom(outcar, incarFile);

  const complete: CompleteStep[] = [];
  outcar.steps.forEach((step, k) => {
    if (isComplete(step)) complete.push(step);
    else {
      const last = k === outcar.steps.length - 1;
      warnings.push(
        `OUTCAR ionic step ${k + 1} (line ${step.line}) has no final positions or energies and was left out` +
          (last && !outcar.finished ? '; the run stopped before finishing it' : ''),
      );
    }
  });
  if (!outcar.finished) warnings.push('OUTCAR has no final timing summary; the run did not finish');

  const structures = complete.map((s) => structureOf(species, s.lattice, s.positions));
  if (structures.length === 0) {
    if (
      !outcar.initialLattice ||
      !outcar.initialPositions ||
      outcar.initialPositions.length !== species.length
    ) {
      throw new Error('OUTCAR has no completed ionic step and no initial positions');
    }
    warnings.push('OUTCAR has no completed ionic step; only the initial structure is kept');
    structures.push(structureOf(species, outcar.initialLattice, outcar.initialPositions));
  }
  const method = methodOf(outcar, settings, incarFile, warnings);
  // A GW run: its steps refer to the GW method, which starts from the DFT one (as for vasprun.xml).
  const gwMethod = gwMethodOf(settings, method.k_mesh as KMesh | undefined);
  const methodIndex = gwMethod ? 1 : 0;
  const run: Run = {
    program: programOf(outcar),
    method: gwMethod ? [method, gwMethod] : [method],
    system: structures.map(systemSection),
  };
  if (complete.length > 0) {
    // Wall time before each step: when the one before ended (the sum of their 'LOOP+' timers).
    let start: number | undefined = 0;
    const calculations = complete.map((step, index) => {
      const calculation = calculationOf(step, index, { outcar, start, warnings, methodIndex });
      start = calculation.time_physical;
      return calculation;
    });
    const last = calculations[calculations.length - 1];
    if (doscar && last && doscar.total.length > 0) {
      const nSpin = settings.number('ISPIN') ?? doscar.total.length;
      last.dos_electronic = dosOf(doscar, species, nSpin);
    }
    run.calculation = calculations;
  }
  const timeRun = timeRunOf(outcar, run.program!);
  if (timeRun) run.time_run = timeRun;
  const result: OutcarArchive = { run, structure: structures[structures.length - 1] as Structure, warnings };
  const workflow = workflowOf(settings, warnings);
  if (workflow) result.workflow2 = workflow;
  return result;
}
