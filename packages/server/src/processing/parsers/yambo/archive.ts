// From a Yambo report and its databases to NOMAD's run and workflow2, in SI units: the system of ns.db1,
// a method per step (transferred momenta, dipoles, dielectric matrix, exchange-correlation, Dyson with
// the GW settings), a calculation for the setup's Kohn-Sham energies, one per exchange step's
// occupations and one for the quasi-particle energies; a DFT+GW workflow when the run solved Dyson's
// equation, else a single point.
import { BOHR, ELECTRON_VOLT, ELEMENT_SYMBOLS, HARTREE, type Vec3 } from '@oasis/chem';
import type {
  ArchiveOf,
  BandEnergies,
  CalculationEnergy,
  Run,
  RunCalculation,
  WithCodeSpecific,
  Workflow,
  workflowVariants,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import { singlePoint } from '../code-sections.ts';
import { systemSection } from '../../run-sections.ts';
import { databaseBands, databaseQuasiParticles, reportBands, reportQuasiParticles } from './bands.ts';
import { numbersOf, shapeOf, type Database } from './databases.ts';
import type { YamboOccupations, YamboReport } from './read-yambo.ts';
import { methodOf } from './method.ts';
import { ioSection, parameterValue, setupOccupations, type StepKind, type YamboStep } from './steps.ts';

/** What the parser read beside the report. */
export interface YamboInputs {
  report: YamboReport;
  steps: YamboStep[];
  /** ns.db1, when it is in the upload. */
  setup?: Database;
  /** ndb.QP of the Dyson step, when it is in the upload. */
  quasiParticles?: Database;
  /** The dielectric-matrix fragments (one per q-point) by the index of their step. */
  fragments?: Fragments;
}

export type Fragments = Map<number, Database[]>;

type DftPlusGw = ArchiveOf<(typeof workflowVariants)['simulationworkflowschema.gw.DFTPlusGW']> & {
  m_def: string;
};

/** The structure of ns.db1: ATOM_POS [species][atom][xyz] and LATTICE_VECTORS [xyz][vector], in bohr. */
function structureOf(db: Database | undefined): Structure | undefined {
  const positions = numbersOf(db, 'ATOM_POS');
  const shape = shapeOf(db, 'ATOM_POS');
  const counts = numbersOf(db, 'N_ATOMS');
  const numbers = numbersOf(db, 'atomic_numbers');
  const lattice = numbersOf(db, 'LATTICE_VECTORS');
  if (!positions || shape?.length !== 3 || !counts || !numbers || counts.length !== numbers.length)
    return undefined;
  const [, maxAtoms] = shape as [number, number, number];
  const species: string[] = [];
  const sites: Vec3[] = [];
  numbers.forEach((z, s) => {
    for (let a = 0; a < counts[s]! && a < maxAtoms; a += 1) {
      const at = (s * maxAtoms + a) * 3;
      species.push(ELEMENT_SYMBOLS[Math.round(z)] ?? 'X');
      sites.push([positions[at]! * BOHR, positions[at + 1]! * BOHR, positions[at + 2]! * BOHR]);
    }
  });
  if (sites.length === 0) return undefined;
  // Stored as Yambo's a(vector, xyz) in Fortran order: the file's rows are the cartesian components.
  const cell =
    lattice?.length === 9
      ? ([0, 1, 2].map((v) => [0, 1, 2].map((c) => lattice[c * 3 + v]! * BOHR)) as [Vec3, Vec3, Vec3])
      : null;
  return { species, positions: sites, lattice: cell, periodic: [true, true, true] };
}

/** Rows a_i over the scaling factors: what turns Yambo's internal k units into fractional ones. */
function iruOf(report: YamboReport, setup: Database | undefined): number[][] | undefined {
  const cell = report.cell;
  const rows = cell?.yambo5.length === 3 ? cell.yambo5 : cell?.yambo4.length === 3 ? cell.yambo4 : undefined;
  if (rows) return rows.map((row) => row.slice(0, 3));
  const structure = structureOf(setup);
  const alat = numbersOf(setup, 'LATTICE_PARAMETER');
  if (!structure?.lattice || alat?.length !== 3) return undefined;
  return structure.lattice.map((row) => row.map((x, j) => x / BOHR / alat[j]!));
}

/** energy and the code-specific quantities of an occupations report. */
function occupationsOf(occupations: YamboOccupations | undefined): WithCodeSpecific<RunCalculation> {
  const calculation: WithCodeSpecific<RunCalculation> = {};
  if (!occupations) return calculation;
  const o = occupations;
  const energy: CalculationEnergy = {};
  if (o.fermi !== undefined) energy.fermi = o.fermi * ELECTRON_VOLT;
  const valence = o.valenceConduction?.valence ?? o.valenceMax;
  const conduction = o.valenceConduction?.conduction ?? o.conductionMin;
  if (valence !== undefined) energy.highest_occupied = valence * ELECTRON_VOLT;
  if (conduction !== undefined) energy.lowest_unoccupied = conduction * ELECTRON_VOLT;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  const x: Record<string, unknown> = {
    x_yambo_electronic_temperature: o.electronicTemperature,
    x_yambo_bosonic_temperature: o.bosonicTemperature,
    x_yambo_finite_temperature_mode:
      o.finiteTemperature === undefined ? undefined : o.finiteTemperature === 'yes',
    x_yambo_electronic_density: o.electronDensity,
    x_yambo_filled_bands:
      o.statesSummary[0]?.[0] ?? (o.filledBands !== undefined ? [1, o.filledBands] : undefined),
    x_yambo_empty_bands: o.statesSummary[0]?.[o.statesSummary[0].length - 1] ?? o.emptyBands,
    x_yambo_indirect_gaps:
      o.indirectGaps && [o.indirectGaps.min, o.indirectGaps.max].map((e) => e * ELECTRON_VOLT),
    x_yambo_direct_gaps: o.directGaps && [o.directGaps.min, o.directGaps.max].map((e) => e * ELECTRON_VOLT),
    x_yambo_indirect_gap: o.indirectGap === undefined ? undefined : o.indirectGap * ELECTRON_VOLT,
    x_yambo_direct_gap: o.directGap === undefined ? undefined : o.directGap * ELECTRON_VOLT,
    x_yambo_direct_gap_k_point: o.directGapKpoint,
    x_yambo_indirect_gap_k_points: o.indirectGapKpoints,
  };
  for (const [key, value] of Object.entries(x))
    if (value !== undefined) calculation[key as `x_${string}`] = value;
  return calculation;
}

/** The calculation of an exchange step: its occupations, E_xc and the <n|Sx|n>, <n|Vxc|n> tables. */
function exchangeCalculation(step: YamboStep): WithCodeSpecific<RunCalculation> | undefined {
  const calculation = occupationsOf(step.occupations);
  const exc = step.parts.find((part) => part.exchangeCorrelation !== undefined)?.exchangeCorrelation;
  if (exc !== undefined) calculation.energy = { ...calculation.energy, xc: { value: exc * HARTREE } };
  const tables = (kind: StepKind) =>
    step.parts
      .flatMap((part) => (kind === 'bare_xc' ? part.xcHfDft : part.corrections))
      .filter((t) => t.rows.length > 0);
  const found = tables(step.kind);
  const nBands = found[0]?.rows.length;
  if (found.length > 0 && found.every((t) => t.rows.length === nBands)) {
    const grid = (value: (row: { a: number; b: number }) => number) => [
      found.map((t) => t.rows.map((r) => value(r) * ELECTRON_VOLT)),
    ];
    const [a, b] = [grid((r) => r.a), grid((r) => r.b)];
    if (step.kind === 'bare_xc')
      calculation.x_yambo_bare_xc_bandenergies = [{ x_yambo_hf: a, x_yambo_dft: b }];
    else calculation.x_yambo_local_xc_nonlocal_fock_bandenergies = [{ x_yambo_sx: a, x_yambo_vxc: b }];
  }
  return Object.keys(calculation).length > 0 ? calculation : undefined;
}

/** Seconds since 1970 of a report's 'MM/DD/YYYY at hh:mm' (local time of the machine, taken as UTC). */
function secondsOf(stamp: string | undefined): number | undefined {
  const match = stamp && /(\d\d)\/(\d\d)\/(\d{4}) at (\d\d):(\d\d)/.exec(stamp);
  if (!match) return undefined;
  const [, month, day, year, hour, minute] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!) / 1000;
}

/** run.x_yambo_* of the run's CPU and I/O lines ('Threads per core' → x_yambo_threads_per_core). */
function setupQuantities(report: YamboReport): Record<string, unknown> {
  const quantities: Record<string, unknown> = {};
  for (const { key, value } of report.setup?.lines.parameters ?? []) {
    const name = `x_yambo_${key.replace(/\//g, '').trim().replace(/\s+/g, '_').toLowerCase()}`;
    quantities[name] = value === 'yes' ? true : value === 'no' ? false : parameterValue(value);
  }
  return quantities;
}

export interface YamboArchive {
  run: Run;
  workflow2: Workflow;
  structure?: Structure;
}

export function yamboArchive({ report, steps, setup, quasiParticles, fragments }: YamboInputs): YamboArchive {
  const structure = structureOf(setup);
  const iru = iruOf(report, setup);
  const methods = steps.map((step, index) => methodOf(step, steps, report, fragments?.get(index)));
  const system = structure ? [systemSection(structure)] : [];
  const refs = (methodIndex?: number): Pick<RunCalculation, 'system_ref' | 'method_ref'> => ({
    ...(structure ? { system_ref: '/run/0/system/0' } : {}),
    ...(methodIndex !== undefined ? { method_ref: `/run/0/method/${methodIndex}` } : {}),
  });
  const calculations: WithCodeSpecific<RunCalculation>[] = [];
  // The Kohn-Sham energies the run starts from: ns.db1's, else those the setup prints.
  const setupOcc = setupOccupations(report);
  const start: WithCodeSpecific<RunCalculation> = { ...refs(), ...occupationsOf(setupOcc) };
  const ks: BandEnergies | undefined = databaseBands(setup, iru) ?? reportBands(setupOcc, report.kpoints);
  if (ks) start.eigenvalues = [ks];
  if (setupOcc || ks) calculations.push(start);
  let gwCalculation: number | undefined;
  let gwMethod: number | undefined;
  steps.forEach((step, index) => {
    if (step.kind === 'local_xc_nonlocal_fock' || step.kind === 'bare_xc') {
      const calculation = exchangeCalculation(step);
      if (calculation) calculations.push({ ...refs(index), ...calculation });
    }
    const qp =
      (step.kind === 'dyson' ? databaseQuasiParticles(quasiParticles, iru, step.parts) : undefined) ??
      reportQuasiParticles(step.parts, iru);
    if (qp) {
      calculations.push({ ...refs(index), eigenvalues: [qp] });
      gwCalculation = calculations.length - 1;
      if (step.kind === 'dyson') gwMethod = index;
    }
  });
  const database = report.head?.database;
  const run: WithCodeSpecific<Run> = {
    program: {
      name: 'YAMBO',
      ...(report.version ? { version: report.version } : {}),
      ...(report.build ? { x_yambo_build: report.build } : {}),
      ...(report.hash ? { x_yambo_hash: report.hash } : {}),
    } as Run['program'],
    ...setupQuantities(report),
    ...(database?.head ? { x_yambo_input: ioSection(database) } : {}),
    ...(methods.length > 0 ? { method: methods } : {}),
    ...(system.length > 0 ? { system } : {}),
    ...(calculations.length > 0 ? { calculation: calculations } : {}),
  };
  const started = secondsOf(report.start?.date);
  const ended = secondsOf(report.end);
  if (started !== undefined)
    run.time_run = { date_start: started, ...(ended !== undefined ? { date_end: ended } : {}) };
  return {
    run,
    workflow2: workflowOf(
      gwCalculation,
      gwMethod,
      calculations.length > 1 && ks !== undefined,
      structure !== undefined,
    ),
    structure,
  };
}

/** DFT+GW when the run solved Dyson's equation on the Kohn-Sham energies it read, else a single point. */
function workflowOf(
  gwCalculation: number | undefined,
  gwMethod: number | undefined,
  hasKs: boolean,
  hasSystem: boolean,
): Workflow {
  if (gwCalculation === undefined || gwMethod === undefined) return singlePoint();
  const ksPath = '/run/0/calculation/0';
  const gwPath = `/run/0/calculation/${gwCalculation}`;
  const structure = hasSystem ? [{ name: 'Input structure', section: '/run/0/system/0' }] : [];
  const workflow: DftPlusGw = {
    m_def: 'simulationworkflowschema.gw.DFTPlusGW',
    name: 'DFT+GW',
    method: { gw_method_ref: `/run/0/method/${gwMethod}/gw` },
    ...(hasSystem ? { inputs: structure } : {}),
    outputs: [{ name: 'GW calculation', section: gwPath }],
    tasks: [
      ...(hasKs
        ? [
            {
              name: 'DFT',
              ...(hasSystem ? { inputs: structure } : {}),
              outputs: [{ name: 'Kohn-Sham energies', section: ksPath }],
            },
          ]
        : []),
      {
        name: 'GW',
        inputs: hasKs ? [{ name: 'Kohn-Sham energies', section: ksPath }] : structure,
        outputs: [{ name: 'GW calculation', section: gwPath }],
      },
    ],
    results: {
      ...(hasKs ? { dft_outputs: { calculation_result_ref: ksPath } } : {}),
      gw_outputs: { calculation_result_ref: gwPath },
    },
  };
  return workflow as unknown as Workflow;
}
