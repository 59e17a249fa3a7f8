// 'parsers/xyz': plain and extended XYZ files. All frames of a file form one entry: one run.system
// per frame, plus a run.calculation per frame that states an energy or forces.
import type { Run, RunCalculation, LogLevel } from '@oasis/schema';
import { ANGSTROM, EV_PER_ANGSTROM, scaleMat3, scaleVec3 } from '@oasis/chem';
import { systemSection } from '../run-sections.ts';
import { type Structure } from '../structure.ts';
import type { MainfileParser, ParsedSections, ParserOutput } from '../types.ts';
import { lineBatches } from './text-lines.ts';
import { readXyzText, XyzReader, type XyzFrame, type XyzRead } from './xyz-read.ts';

/** Extended-XYZ comment lines carry key=value pairs; none is anywhere near this long. */
const MAX_LINE_CHARS = 1 << 20;

function structureOf(frame: XyzFrame): Structure {
  return {
    species: frame.species,
    positions: frame.positions.map((p) => scaleVec3(p, ANGSTROM)),
    lattice: frame.lattice ? scaleMat3(frame.lattice, ANGSTROM) : null,
    periodic: frame.periodic,
  };
}

function calculationOf(frame: XyzFrame, index: number): RunCalculation | undefined {
  if (frame.energy === undefined && frame.forces === undefined) return undefined;
  const calculation: RunCalculation = { system_ref: `/run/0/system/${index}` };
  if (frame.energy !== undefined) calculation.energy = { total: { value: frame.energy } };
  if (frame.forces) {
    calculation.forces = { total: { value: frame.forces.map((f) => scaleVec3(f, EV_PER_ANGSTROM)) } };
  }
  return calculation;
}

function outputOf(
  { frames, truncated }: XyzRead,
  log: (level: LogLevel, event: string) => void,
): ParserOutput {
  if (truncated) log('WARNING', truncated);
  const run: Run = { system: frames.map((frame) => systemSection(structureOf(frame))) };
  const calculations = frames.flatMap((frame, i) => calculationOf(frame, i) ?? []);
  if (calculations.length > 0) run.calculation = calculations;
  if (frames.length > 1) {
    log('INFO', `XYZ file has ${frames.length} frames; the first one is the representative structure`);
  }
  // The first frame represents the entry. An XYZ file does not say whether it is an MD trajectory
  // or a relaxation; for trajectories (the usual multi-frame XYZ, e.g. CP2K's *-pos-*.xyz) the
  // first frame is the prepared input structure, while later frames carry thermal displacements
  // that hide its symmetry. NOMAD's current normaliser would take the last system when no
  // workflow says otherwise; its earlier versions took the first frame of MD runs, as done here.
  const first = frames[0] as XyzFrame;
  const sections: ParsedSections = { run: [run] };
  // Frames stamped with a simulation time are a trajectory; without a workflow the normaliser
  // would read several frames as a geometry optimisation.
  if (frames.length > 1 && frames.every((frame) => frame.time !== undefined)) {
    sections.workflow2 = {
      m_def: 'simulationworkflowschema.molecular_dynamics.MolecularDynamics',
      name: 'MolecularDynamics',
    };
  }
  return { sections, structure: structureOf(first), entryType: 'XYZ' };
}

export const xyzParser: MainfileParser = {
  name: 'parsers/xyz',
  code: { codeLabel: 'XYZ', codeCategory: 'Structure parser' },
  mainfileName: /\.(?:xyz|extxyz)$/i,
  // The first line of an XYZ file is the atom count of the first frame.
  mainfileContents: /^[ \t]*\d+[ \t]*\r?\n/,
  compressions: ['gz'],
  parse: ({ content, log }): ParserOutput => outputOf(readXyzText(content.toString('utf8')), log),
  // Trajectories can be gigabytes: read line by line and stop at the frame and atom caps.
  parseStream: async ({ read, log }): Promise<ParserOutput> => {
    const reader = new XyzReader();
    reading: for await (const lines of lineBatches(read(), MAX_LINE_CHARS)) {
      for (const line of lines) if (!reader.line(line)) break reading;
    }
    return outputOf(reader.finish(), log);
  },
};
