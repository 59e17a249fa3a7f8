// Reads a VASP OUTCAR text into plain data in VASP's units (eV, Å, kB). One pass over the lines:
// the header, the parameter echo, the POTCAR titles and ion counts, then each ionic step, which
// starts at 'Iteration N(   1)' and collects lattice, positions/forces, stress, E-fermi and the
// 'FREE ENERGIE OF THE ION-ELECTRON SYSTEM' energies until the next step.
import type { Mat3, Vec3 } from '../../structure.ts';
import { speciesSymbol } from '../poscar-read.ts';
import { potcarHeaderCollector, type PotcarHeader } from '../vasp/potcar.ts';
import {
  readBandRows,
  readKpointRows,
  readScfEnergies,
  type OutcarKpoints,
  type ScfEnergies,
} from './outcar-blocks.ts';
import { incarScalar, incarValue, type IncarTags } from './incar.ts';

interface OutcarHeader {
  /** e.g. '5.4.1' */
  version: string;
  /** e.g. '24Jun15' */
  buildDate?: string;
  /** e.g. 'complex', 'gamma' (VASP 4: the rest of the line, 'complex parallel LinuxIFC') */
  buildType?: string;
  /** Host/build name after 'executed on'. */
  platform?: string;
  /** Run start, 'YYYY.MM.DD' and 'HH:MM:SS'. */
  date?: string;
  time?: string;
  /** 'parallel' when the header says 'running on N cores', 'serial' for 'serial version'. */
  parallel?: string;
}

interface OutcarEnergies {
  /** 'free  energy   TOTEN' */
  free?: number;
  /** 'energy  without entropy' */
  withoutEntropy?: number;
  /** 'energy(sigma->0)' */
  sigma0?: number;
}

export interface OutcarStep {
  /** 1-based line of the step's first 'Iteration' header. */
  line: number;
  lattice?: Mat3;
  positions?: Vec3[];
  forces?: Vec3[];
  energies: OutcarEnergies;
  fermi?: number;
  /** Stress tensor 'in kB'. */
  stress?: Mat3;
  nScf: number;
  /** Electronic iterations: energies and wall time (s, 'LOOP: ... real time'). */
  scf: { energies: ScfEnergies; time?: number }[];
  /** Wall time of the whole ionic step (s, 'LOOP+: ... real time'). */
  time?: number;
  /** Eigenvalues (eV) and occupations as printed after E-fermi, [spin][k-point][band]; last step only. */
  eigenvalues?: { energies: number[][][]; occupations: number[][][] };
  /** True/false when VASP said whether EDIFF was reached; undefined when it did not say. */
  scfConverged?: boolean;
}

export interface Outcar {
  header: OutcarHeader;
  /** Tags of the INCAR echo at the top of VASP 6 files ('INCAR:' block). */
  incarEcho: IncarTags;
  /** Parameters as VASP used them ('Startparameter for this run' block). */
  parameters: IncarTags;
  /** Pseudopotential title per atom type, e.g. 'PAW_PBE Cu 05Jan2001'. */
  potcars: string[];
  /** Element per atom type. */
  elements: string[];
  /** Full POTCAR headers echoed at the top (TITEL, ENMAX, POMASS ...), in file order. */
  potcarHeaders: PotcarHeader[];
  /** The k-points of the run (IBZKPT's irreducible list, else the reciprocal-lattice list). */
  kpoints?: OutcarKpoints;
  ionsPerType: number[];
  /** 'NBANDS=' of the array dimensions. */
  nBands?: number;
  /** Per type, from the parameter echo ('POMASS', 'ZVAL'). */
  masses?: number[];
  valences?: number[];
  initialLattice?: Mat3;
  initialPositions?: Vec3[];
  steps: OutcarStep[];
  /** True when VASP reported DFT+U ('LDA+U is selected'). */
  ldau: boolean;
  /** True when the file ends with VASP's timing summary, i.e. the run finished. */
  finished: boolean;
  /** 'Elapsed time (sec)' of the timing summary: the run's wall time. */
  elapsed?: number;
  /** Things worth a WARNING in the processing logs. */
  warnings: string[];
}

const NUMBERS = /[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?/g;

/** All numbers in a line; OUTCAR columns may touch ('-0.1-0.2'), which this splits. */
function numbersIn(line: string): number[] {
  return (line.match(NUMBERS) ?? []).map(Number);
}

function oneNumber(pattern: RegExp, line: string): number | undefined {
  const m = pattern.exec(line);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

const NUM = String.raw`([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)`;
const RE = {
  header: /^\s*vasp\.(\S+)\s*(.*)$/,
  executed: /executed on\s+(\S+)\s+date\s+(\S+)\s+(\S+)/,
  running: /^\s*running\s/,
  serial: /^\s*serial version/,
  irreducible: /Found\s+\d+\s+irreducible k-points/,
  reciprocalCoordinates: /Following reciprocal coordinates/,
  reciprocalKpoints: /k-points in reciprocal lattice and weights/,
  scfEnergies: /Free energy of the ion-electron system/,
  loop: /^\s*LOOP:\s.*real time\s*([-+.\d]+)/,
  loopPlus: /^\s*LOOP\+:\s.*real time\s*([-+.\d]+)/,
  spinComponent: /^\s*spin component\s+(\d+)/,
  kpointEigen: /^\s*k-point\s+(\d+)\s*:/,
  bandHeader: /^\s*band No\./,
  incarEcho: /^\s*INCAR:\s*$/,
  potcar: /^\s*POTCAR:\s*(.+?)\s*$/,
  ionsPerType: /ions per type\s*=\s*([\d\s]+)$/,
  nions: /NIONS\s*=\s*(\d+)/,
  nbands: /NBANDS\s*=\s*(\d+)/,
  startParameters: /Startparameter for this run:/,
  separator: /^\s*-{20,}\s*$/,
  iteration: /-\s*Iteration\s+(\d+)\s*\(\s*(\d+)\s*\)/,
  directLattice: /direct lattice vectors/,
  positionsForces: /POSITION\s+TOTAL-FORCE/,
  initialPositions: /position of ions in cartesian coordinates/,
  freeEnergyBlock: /FREE ENERGIE OF THE ION-ELECTRON SYSTEM/,
  toten: new RegExp(String.raw`free\s+energy\s+TOTEN\s*=\s*${NUM}`),
  withoutEntropy: new RegExp(String.raw`energy\s+without\s+entropy\s*=\s*${NUM}`),
  sigma0: new RegExp(String.raw`energy\(sigma->0\)\s*=\s*${NUM}`),
  fermi: new RegExp(String.raw`E-fermi\s*:\s*${NUM}`),
  stressKb: /^\s*in kB\s/,
  converged: /aborting loop because EDIFF is reached/,
  unconverged: /aborting loop EDIFF was not reached/,
  ldau: /LDA\+U is selected/,
  timing: /General timing and accounting/,
  elapsed: /^\s*Elapsed time \(sec\):\s*([-+.\dEe]+)/,
  echoTag: /^\s+([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/,
  paramPair: /(?:^|[\s;])([A-Z][A-Za-z0-9_]+)\s*=\s*([^\s;]+)/g,
  fixedWidth: /-?\d{1,3}\.\d{2}/g,
};

/** Element of a POTCAR title: 'PAW_PBE Cu_pv 06Sep2000' -> 'Cu', 'US Si' -> 'Si'. */
export function elementOfPotcar(title: string): string | undefined {
  const name = title.trim().split(/\s+/)[1];
  return name === undefined ? undefined : speciesSymbol(name);
}

/**
 * The 'Startparameter for this run' echo: 'KEY = value' pairs, several per line (';' or
 * spaces between), each followed by a description. Only the first token after '=' is the value.
 */
export function readParameterEcho(lines: readonly string[]): {
  parameters: IncarTags;
  masses?: number[];
  valences?: number[];
} {
  const parameters: IncarTags = {};
  let masses: number[] | undefined;
  let valences: number[] | undefined;
  for (const line of lines) {
    // Per-type lists are printed in fixed F6.2 columns that may touch ('63.55102.91').
    const perType = /^\s*(POMASS|ZVAL)\s*=\s*(.*)$/.exec(line);
    if (perType) {
      const values = (perType[2]?.match(RE.fixedWidth) ?? []).map(Number);
      if (perType[1] === 'POMASS') masses = values;
      else valences = values;
      parameters[perType[1] ?? ''] = values;
      continue;
    }
    for (const m of line.matchAll(RE.paramPair)) {
      const key = (m[1] ?? '').toUpperCase();
      // The first occurrence wins (some tags, e.g. VOSKOWN, are echoed twice).
      if (!(key in parameters)) parameters[key] = incarScalar(m[2] ?? '');
    }
  }
  const result: ReturnType<typeof readParameterEcho> = { parameters };
  if (masses) result.masses = masses;
  if (valences) result.valences = valences;
  return result;
}

function emptyStep(line: number): OutcarStep {
  return { line, energies: {}, nScf: 0, scf: [] };
}

/** Reads an OUTCAR; throws with a line number when a block it needs is malformed. */
export function readOutcar(text: string): Outcar {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const fail = (index: number, message: string): never => {
    throw new Error(`OUTCAR line ${index + 1}: ${message}`);
  };

  const firstLine = lines.findIndex((l) => l.trim() !== '');
  const headerMatch = RE.header.exec(lines[firstLine] ?? '');
  if (!headerMatch) throw new Error("OUTCAR does not start with VASP's version line (' vasp.x.y.z ...')");
  const header: OutcarHeader = { version: headerMatch[1] ?? '' };
  const rest = (headerMatch[2] ?? '').trim();
  const buildDate = rest.split(/\s+/)[0];
  if (buildDate) header.buildDate = buildDate;
  // VASP 5/6: '24Jun15 (build Dec 04 2015 16:58:54) complex'; VASP 4: '3Apr08 complex  parallel LinuxIFC'.
  const buildType = rest.includes(')')
    ? /\)\s*(\S+)/.exec(rest)?.[1]
    : rest.split(/\s+/).slice(1).join(' ') || undefined;
  if (buildType) header.buildType = buildType;

  const outcar: Outcar = {
    header,
    incarEcho: {},
    parameters: {},
    potcars: [],
    elements: [],
    potcarHeaders: [],
    ionsPerType: [],
    steps: [],
    ldau: false,
    finished: false,
    warnings: [],
  };
  const potcarLines: string[] = [];
  const potcarHeaders = potcarHeaderCollector();
  let eigenSpin = 0;
  // Set by E-fermi: the next eigenvalue table starts a new set (a later E-fermi without one keeps it).
  let eigenPending = false;
  // As in vasprun.xml, only the last step's eigenvalues are kept (long MD runs print thousands).
  let eigenOwner: OutcarStep | undefined;
  let nions: number | undefined;
  let step: OutcarStep | undefined;
  let stepIonic = 0;
  let lattice: Mat3 | undefined;

  /** Three lattice rows (first three numbers of each of the next three lines). */
  const readLattice = (start: number): Mat3 => {
    const rows = [0, 1, 2].map((k) => {
      const values = numbersIn(lines[start + k] ?? '');
      if (values.length < 3 || (lines[start + k] ?? '').includes('*')) {
        fail(start + k, `expected a lattice vector, found '${(lines[start + k] ?? '').trim()}'`);
      }
      return [values[0], values[1], values[2]] as Vec3;
    });
    return rows as Mat3;
  };

  /** Rows of numbers after a dashed rule, until the closing rule (or `count` rows). */
  const readTable = (start: number, width: number, what: string): { rows: number[][]; end: number } => {
    let i = start;
    while (i < lines.length && !RE.separator.test(lines[i] ?? '')) i++;
    i++;
    const rows: number[][] = [];
    for (; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (RE.separator.test(line) || line.trim() === '') break;
      // A file cut off inside the table: the caller sees the short table at the end of the file.
      if (i === lines.length - 1) break;
      if (line.includes('*')) fail(i, `number overflow ('***') in ${what}`);
      const values = numbersIn(line);
      if (values.length < width) fail(i, `expected ${width} numbers in ${what}, found '${line.trim()}'`);
      rows.push(values.slice(0, width));
    }
    return { rows, end: i };
  };

  scan: for (let i = firstLine + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';

    const iteration = RE.iteration.exec(line);
    if (iteration) {
      const ionic = Number(iteration[1]);
      const electronic = Number(iteration[2]);
      if (!step || electronic === 1 || ionic !== stepIonic) {
        step = emptyStep(i + 1);
        eigenPending = false;
        stepIonic = ionic;
        // Steps that do not print the cell again keep the previous one (fixed-cell runs).
        if (lattice) step.lattice = lattice;
        outcar.steps.push(step);
      }
      step.nScf = Math.max(step.nScf, electronic);
      if (step.scf.length < electronic) step.scf.push({ energies: {} });
      continue;
    }

    if (!step) {
      // Everything before the first electronic iteration: header and set-up.
      potcarHeaders.line(line);
      if (RE.serial.test(line)) {
        header.parallel = 'serial';
        continue;
      }
      if (RE.irreducible.test(line)) {
        for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
          if (!RE.reciprocalCoordinates.test(lines[k] ?? '')) continue;
          // A column header ('Coordinates  Weight') comes before the rows.
          const { kpoints, end } = readKpointRows(lines, k + 2, true);
          if (kpoints.points.length > 0) outcar.kpoints = kpoints;
          i = end - 1;
          break;
        }
        continue;
      }
      if (RE.reciprocalKpoints.test(line) && !outcar.kpoints) {
        const { kpoints, end } = readKpointRows(lines, i + 1, false);
        if (kpoints.points.length > 0) outcar.kpoints = kpoints;
        i = end - 1;
        continue;
      }
      const executed = RE.executed.exec(line);
      if (executed) {
        header.platform = executed[1] ?? '';
        header.date = executed[2] ?? '';
        header.time = executed[3] ?? '';
        continue;
      }
      if (RE.running.test(line)) {
        header.parallel = 'parallel';
        continue;
      }
      if (RE.incarEcho.test(line)) {
        // VASP 6 echoes the INCAR tags here, between the POTCAR lines.
        for (let k = i + 1; k < lines.length; k++) {
          const next = lines[k] ?? '';
          const potcar = RE.potcar.exec(next);
          if (potcar) continue;
          const tag = RE.echoTag.exec(next);
          if (!tag) break;
          outcar.incarEcho[(tag[1] ?? '').toUpperCase()] = incarValue((tag[2] ?? '').replace(/[#!].*$/, ''));
        }
        continue;
      }
      const potcar = RE.potcar.exec(line);
      if (potcar) {
        potcarLines.push(potcar[1] ?? '');
        continue;
      }
      const ions = RE.ionsPerType.exec(line);
      if (ions) {
        outcar.ionsPerType = numbersIn(ions[1] ?? '');
        continue;
      }
      const n = RE.nions.exec(line);
      if (n) nions = Number(n[1]);
      const bands = RE.nbands.exec(line);
      if (bands) outcar.nBands = Number(bands[1]);
      if (RE.startParameters.test(line)) {
        let end = i + 1;
        while (end < lines.length && !RE.separator.test(lines[end] ?? '')) end++;
        const echo = readParameterEcho(lines.slice(i + 1, end));
        outcar.parameters = echo.parameters;
        if (echo.masses) outcar.masses = echo.masses;
        if (echo.valences) outcar.valences = echo.valences;
        i = end;
        continue;
      }
      if (RE.directLattice.test(line)) {
        lattice = readLattice(i + 1);
        outcar.initialLattice = lattice;
        i += 3;
        continue;
      }
      if (RE.initialPositions.test(line)) {
        const positions: Vec3[] = [];
        for (let k = i + 1; k < lines.length; k++) {
          const values = numbersIn(lines[k] ?? '');
          if ((lines[k] ?? '').trim() === '' || values.length < 3) break;
          positions.push([values[0], values[1], values[2]] as Vec3);
        }
        outcar.initialPositions = positions;
        continue;
      }
      if (RE.ldau.test(line)) outcar.ldau = true;
      continue;
    }

    // Inside an ionic step. A block cut off by the end of the file ends the reading.
    if (RE.directLattice.test(line)) {
      if (i + 3 >= lines.length - 1) break;
      lattice = readLattice(i + 1);
      step.lattice = lattice;
      i += 3;
      continue;
    }
    if (RE.positionsForces.test(line)) {
      const { rows, end } = readTable(i + 1, 6, 'positions and forces');
      // The run stopped while writing the table: the step stays incomplete (and is left out).
      if (end >= lines.length - 1 && (nions === undefined || rows.length !== nions)) break scan;
      if (nions !== undefined && rows.length !== nions) {
        fail(i, `POSITION/TOTAL-FORCE block has ${rows.length} rows for ${nions} ions`);
      }
      step.positions = rows.map((r) => [r[0], r[1], r[2]] as Vec3);
      step.forces = rows.map((r) => [r[3], r[4], r[5]] as Vec3);
      i = end;
      continue;
    }
    if (RE.freeEnergyBlock.test(line)) {
      // The block is a few lines: TOTEN, then 'without entropy' and 'sigma->0' on one line.
      for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
        const l = lines[k] ?? '';
        const free = oneNumber(RE.toten, l);
        if (free !== undefined) step.energies.free = free;
        const without = oneNumber(RE.withoutEntropy, l);
        if (without !== undefined) step.energies.withoutEntropy = without;
        const sigma0 = oneNumber(RE.sigma0, l);
        if (sigma0 !== undefined) step.energies.sigma0 = sigma0;
      }
      if (step.energies.free === undefined) fail(i, "'FREE ENERGIE' block without 'free energy TOTEN'");
      continue;
    }
    const fermi = oneNumber(RE.fermi, line);
    if (fermi !== undefined) {
      step.fermi = fermi;
      eigenPending = true;
      eigenSpin = 0;
      continue;
    }
    if (RE.scfEnergies.test(line)) {
      const last = step.scf[step.scf.length - 1];
      if (last) last.energies = readScfEnergies(lines, i);
      continue;
    }
    const loop = RE.loop.exec(line);
    if (loop) {
      const last = step.scf[step.scf.length - 1];
      if (last) last.time = Number(loop[1]);
      continue;
    }
    const loopPlus = RE.loopPlus.exec(line);
    if (loopPlus) {
      step.time = Number(loopPlus[1]);
      continue;
    }
    if (eigenPending || step.eigenvalues) {
      const spin = RE.spinComponent.exec(line);
      if (spin) {
        eigenSpin = Math.max(0, Number(spin[1]) - 1);
        continue;
      }
      const kpoint = RE.kpointEigen.exec(line);
      if (kpoint && RE.bandHeader.test(lines[i + 1] ?? '')) {
        if (eigenPending || !step.eigenvalues) {
          step.eigenvalues = { energies: [], occupations: [] };
          eigenPending = false;
          if (eigenOwner && eigenOwner !== step) delete eigenOwner.eigenvalues;
          eigenOwner = step;
        }
        const rows = readBandRows(lines, i + 1);
        const k = Number(kpoint[1]) - 1;
        const energies = (step.eigenvalues.energies[eigenSpin] ??= []);
        const occupations = (step.eigenvalues.occupations[eigenSpin] ??= []);
        energies[k] = rows.energies;
        occupations[k] = rows.occupations;
        i = rows.end;
        continue;
      }
    }
    if (RE.stressKb.test(line)) {
      const v = numbersIn(line.replace(/^\s*in kB/, ''));
      if (v.length < 6 && i === lines.length - 1) break;
      if (v.length < 6) fail(i, `expected six stress components 'in kB', found '${line.trim()}'`);
      const [xx, yy, zz, xy, yz, zx] = v as [number, number, number, number, number, number];
      step.stress = [
        [xx, xy, zx],
        [xy, yy, yz],
        [zx, yz, zz],
      ];
      continue;
    }
    if (RE.converged.test(line)) {
      step.scfConverged = true;
      continue;
    }
    if (RE.unconverged.test(line)) {
      step.scfConverged = false;
      continue;
    }
    if (RE.timing.test(line)) {
      outcar.finished = true;
      continue;
    }
    if (outcar.finished) {
      const elapsed = oneNumber(RE.elapsed, line);
      if (elapsed !== undefined && Number.isFinite(elapsed)) outcar.elapsed = elapsed;
    }
  }

  if (nions !== undefined && outcar.ionsPerType.length > 0) {
    const sum = outcar.ionsPerType.reduce((a, b) => a + b, 0);
    if (sum !== nions) throw new Error(`OUTCAR 'ions per type' adds up to ${sum}, but NIONS = ${nions}`);
  }
  const nTypes = outcar.ionsPerType.length;
  // Each type's title appears in the POTCAR list near the top and again where it is read; the
  // first nTypes lines are the list. Full POTCAR headers (TITEL) are used when the list is absent.
  const titles =
    potcarLines.length >= nTypes && nTypes > 0
      ? potcarLines.slice(0, nTypes)
      : potcarHeaders.headers.slice(0, nTypes).map((h) => h.title);
  outcar.potcarHeaders = potcarHeaders.headers;
  outcar.potcars = titles;
  outcar.elements = titles.map((t) => {
    const element = elementOfPotcar(t);
    if (!element) throw new Error(`OUTCAR POTCAR title '${t}' does not name an element`);
    return element;
  });
  return outcar;
}
