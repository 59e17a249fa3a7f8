// Assembles NOMAD's run / workflow2 sections of a vasprun.xml from the raw content.
import type { LogLevel } from '@oasis/schema';
import type { Mat3 } from '@oasis/chem';
import type { Structure } from '../../structure.ts';
import type { ParserOutput } from '../../types.ts';
import { calculationOf, type CalculationSection } from './calculation.ts';
import { bandEdgesOf, bandStructureOf, dosOf, eigenvaluesOf } from './electronic.ts';
import { gwMethodOf } from './gw.ts';
import { methodOf } from './method.ts';
import { headersFor, type PotcarHeader } from './potcar.ts';
import type { RawCalculation, Vasprun } from './raw.ts';
import { readVasprun, readVasprunStream } from './reader.ts';
import { settingsOf } from './settings.ts';
import { structureOf, systemOf, type SystemSection } from './system.ts';
import { EV } from './units.ts';
import { workflowOf } from './workflow.ts';

interface ProgramSection {
  name: 'VASP';
  version?: string;
  /** s since the epoch: the run's date and time as the generator block states them (UTC). */
  compilation_datetime?: number;
}

const squeeze = (text: string | undefined): string => (text ?? '').trim().replace(/\s+/g, ' ');

function programOf(generator: Readonly<Record<string, string>>): ProgramSection {
  const name = squeeze(generator.program);
  if (name.toLowerCase() !== 'vasp') {
    throw new Error(`vasprun.xml: not a VASP run (the generator's program is '${name || 'missing'}')`);
  }
  const program: ProgramSection = { name: 'VASP' };
  // NOMAD shows version, subversion and platform together: '4.6.35 3Apr08 complex parallel LinuxIFC'.
  const version = [generator.version, generator.subversion, generator.platform]
    .map(squeeze)
    .filter(Boolean)
    .join(' ');
  if (version) program.version = version;
  const date = /^(\d{4})\s+(\d{1,2})\s+(\d{1,2})$/.exec(squeeze(generator.date));
  if (date) {
    const time = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(squeeze(generator.time));
    const [h, m, s] = time ? [Number(time[1]), Number(time[2]), Number(time[3])] : [0, 0, 0];
    program.compilation_datetime =
      Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), h, m, s) / 1000;
  }
  return program;
}

/** Adds the electronic structure the reader kept (only the file's last) to its ionic step. */
function addElectronic(
  section: CalculationSection,
  raw: RawCalculation,
  run: Vasprun,
  context: { lattice: Mat3; nSpin: number; warn: (message: string) => void },
): void {
  const { lattice, nSpin, warn } = context;
  const efermi = raw.dos?.efermi;
  if (efermi !== undefined) section.energy.fermi = efermi * EV;
  if (raw.eigenvalues && raw.eigenvalues.energies.length > 0) {
    const edges = bandEdgesOf(raw.eigenvalues);
    if (edges.highestOccupied !== undefined) section.energy.highest_occupied = edges.highestOccupied;
    if (edges.lowestUnoccupied !== undefined) section.energy.lowest_unoccupied = edges.lowestUnoccupied;
    // Line-mode runs are band-structure runs: NOMAD gives their eigenvalues as path segments only.
    const bands =
      run.kpoints.generation === 'listgenerated'
        ? bandStructureOf(raw.eigenvalues, run.kpoints, lattice, efermi, warn)
        : undefined;
    if (bands) {
      section.band_structure_electronic = [bands];
    } else {
      const eigenvalues = eigenvaluesOf(raw.eigenvalues, run.kpoints, warn);
      if (eigenvalues) section.eigenvalues = [eigenvalues];
    }
  }
  if (raw.dos && raw.dos.total.length > 0) section.dos_electronic = dosOf(raw.dos, run.elements, nSpin);
}

type Log = (level: LogLevel, event: string) => void;

/** `potcars`: headers of a POTCAR beside the file, for the potentials' cutoffs and functionals. */
export function parseVasprun(content: Buffer, log: Log, potcars: readonly PotcarHeader[] = []): ParserOutput {
  return outputOf(readVasprun(content), log, potcars);
}

/** parseVasprun over the file's chunks as they are read. */
export async function parseVasprunStream(
  chunks: AsyncIterable<Buffer>,
  log: Log,
  potcars: readonly PotcarHeader[] = [],
): Promise<ParserOutput> {
  return outputOf(await readVasprunStream(chunks), log, potcars);
}

function outputOf(run: Vasprun, log: Log, potcars: readonly PotcarHeader[]): ParserOutput {
  const program = programOf(run.generator);
  const warn = (message: string): void => log('WARNING', message);
  const settings = settingsOf(run.incar, run.parameters);
  const titles = run.atomTypes.map((type) => type.pseudopotential ?? '');
  const method = methodOf(run, settings, warn, headersFor(titles, potcars));
  // A GW run: its calculations refer to the GW method, which starts from the DFT one.
  const gwMethod = gwMethodOf(settings, method.k_mesh);
  const methodIndex = gwMethod ? 1 : 0;

  const systems: SystemSection[] = [];
  const calculations: CalculationSection[] = [];
  let structure: Structure | undefined;
  // Wall time elapsed before each ionic step: when the one before ended (the sum of their 'totalsc' timers).
  let elapsed: number | undefined = 0;
  run.calculations.forEach((raw, index) => {
    const rawStructure = raw.structure ?? run.finalStructure ?? run.initialStructure;
    if (!rawStructure) throw new Error(`vasprun.xml: ionic step ${index + 1} has no structure`);
    structure = structureOf(rawStructure, run.elements, `the structure of ionic step ${index + 1}`);
    // VASP writes the selective-dynamics flags only with the input and final structures.
    const selective = rawStructure.selective ?? run.initialStructure?.selective;
    systems.push(systemOf(structure, selective));
    const section = calculationOf(raw, systems.length - 1, elapsed, methodIndex);
    elapsed = section.time_physical;
    const nSpin = method.electronic.n_spin_channels;
    addElectronic(section, raw, run, { lattice: structure.lattice as Mat3, nSpin, warn });
    calculations.push(section);
  });
  if (run.calculations.length === 0) {
    // A run stopped before its first ionic step finished still has its input structure.
    const rawStructure = run.finalStructure ?? run.initialStructure;
    if (!rawStructure) {
      throw new Error(run.truncated ?? 'vasprun.xml has neither a structure nor a complete ionic step');
    }
    structure = structureOf(rawStructure, run.elements, 'the initial structure');
    systems.push(systemOf(structure, rawStructure.selective));
    warn('vasprun.xml has no complete <calculation>: only the input structure is stored');
  }
  if (run.truncated) {
    const kept = run.calculations.length;
    warn(
      `the run did not finish (${run.truncated})${kept > 0 ? `: its ${kept} complete ionic step(s) are kept` : ''}`,
    );
  }

  const output: ParserOutput = {
    sections: {
      run: [
        {
          program,
          // The generator's date and time are when the run started.
          ...(program.compilation_datetime === undefined
            ? {}
            : { time_run: { date_start: program.compilation_datetime } }),
          method: gwMethod ? [method, gwMethod] : [method],
          system: systems,
          calculation: calculations,
        },
      ],
      workflow2: workflowOf(settings, run.calculations.length),
    },
    entryType: 'VASP',
  };
  const lastSystem = systems[systems.length - 1];
  if (structure) output.structure = structure;
  if (lastSystem) output.entryName = `${lastSystem.chemical_composition_hill} VASP simulation`;
  return output;
}
