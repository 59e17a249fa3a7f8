// What an ABINIT main output says, in atomic units (Hartree, bohr): the version, start date and output
// root, the input variables as echoed before and after the computation (a variable of one dataset
// carries its number, 'ecut2'), and per dataset its steps (one per '--- Iteration' of a relaxation or MD,
// else one) with their SCF iterations, coordinates, forces and stress, the final Fermi energy, energy
// components and forces, and a GW run's quasi-particle energies.
import { numbersIn } from '../text/numbers.ts';
import { readEigenvalues, type AbinitEigenvalues } from './read-eigenvalues.ts';

type Vec = [number, number, number];

export interface AbinitStep {
  /** Hartree per SCF iteration. */
  iterations: number[];
  /** Hartree */
  etotal?: number;
  /** bohr, the geometry the step ran on */
  xcart?: Vec[];
  /** Hartree/bohr */
  forces?: Vec[];
  /** Hartree/bohr³ */
  stress?: Vec[];
}

/** A GW run's corrections at one k-point: band numbers and energies (eV) as printed. */
export interface AbinitQpKpoint {
  kpoint: Vec;
  bands: number[];
  /** eV, per band: E0 (Kohn-Sham), <Vxc>, SigX, SigC(E0), Z, E (quasi-particle) */
  ks: number[];
  vxc: number[];
  sigx: number[];
  sigc: number[];
  z: number[];
  qp: number[];
}

export interface AbinitDataset {
  /** The dataset's number ('== DATASET  2'). */
  index: number;
  steps: AbinitStep[];
  /** Hartree */
  fermi?: number;
  /** Hartree, from 'Components of total free energy': 'Kinetic energy', 'XC energy', ... */
  components: Map<string, number>;
  /** Hartree/bohr, 'cartesian forces (hartree/bohr) at end' */
  forces?: Vec[];
  /** Hartree/bohr³, the last stress printed */
  stress?: Vec[];
  /** eV, imaginary parts of the screening's frequencies ('chi0(G,G') at the n th omega re im [eV]') */
  screeningFrequencies: [number, number][];
  /** A GW (optdriver 4) run's quasi-particle corrections. */
  qp: AbinitQpKpoint[];
  /** Converged relaxation ('gradients are converged'). */
  converged?: boolean;
  /** Valence electrons ('nelect' of the dataset's YAML header, ABINIT 8 and later). */
  nelect?: number;
  /** The Kohn-Sham eigenvalues at the dataset's end, when printed for all k-points. */
  eigenvalues: { value?: AbinitEigenvalues };
}

export interface AbinitOutput {
  version?: string;
  /** Seconds since 1970 (UTC) of '.Starting date' and '( at 16h48 )'. */
  dateStart?: number;
  /** 'root for output files': the prefix of the _DOS, _EIG ... files. */
  outputRoot?: string;
  /** Pseudopotential file per atom type (1-based), 'pspini: atom type 1 psp file is ./14si.pspnc'. */
  pseudopotentials: Map<number, string>;
  /** Variables of the '-outvars' echo after the computation, else of the preprocessed input. */
  variables: Map<string, number[]>;
  datasets: AbinitDataset[];
  /** s, 'Proc.   0 individual time (sec): cpu= ... wall=' */
  cpuTime?: number;
  wallTime?: number;
  finished: boolean;
}

/** A variable as a dataset sees it: its own ('ecut2'), else the one of all datasets ('ecut'). */
export const variableOf = (out: AbinitOutput, name: string, dataset: number): number[] | undefined =>
  out.variables.get(`${name}${dataset}`) ?? out.variables.get(name);

/** The variable block after an '-outvars' heading: name, numbers, and continuation lines of numbers. */
function readVariables(lines: string[], from: number): { variables: Map<string, number[]>; end: number } {
  const variables = new Map<string, number[]>();
  let current: number[] | undefined;
  let k = from;
  for (; k < lines.length; k += 1) {
    const line = lines[k]!;
    if (/^==|^ -outvars|^\s*$/.test(line) && variables.size > 0) break;
    const named = /^[-P\s]\s*([a-z][a-z0-9_]*)\s+(.*)$/.exec(line);
    if (named) {
      current = numbersIn(named[2]!.replace(/\b[A-Za-z]+\b/g, ' '));
      variables.set(named[1]!, current);
      continue;
    }
    if (current && /^\s+[-\d.]/.test(line)) current.push(...numbersIn(line));
  }
  return { variables, end: k };
}

/** Rows of three numbers following line `from` (a leading atom number is dropped). */
function readRows(lines: string[], from: number): { rows: Vec[]; end: number } {
  const rows: Vec[] = [];
  let k = from + 1;
  for (; k < lines.length; k += 1) {
    const row =
      /^\s*(?:\d+\s+)?(-?\d*\.\d+(?:E[-+]\d+)?)\s+(-?\d*\.\d+(?:E[-+]\d+)?)\s+(-?\d*\.\d+(?:E[-+]\d+)?)\s*$/i.exec(
        lines[k]!,
      );
    if (!row) break;
    rows.push([Number(row[1]), Number(row[2]), Number(row[3])]);
  }
  return { rows, end: k - 1 };
}

/** The stress tensor of the three 'sigma(1 1)= ... sigma(3 2)= ...' lines after line `from`. */
function readStress(lines: string[], from: number): Vec[] | undefined {
  const tensor: Vec[] = [
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
  ];
  for (let k = from + 1; k <= from + 3; k += 1)
    for (const [, i, j, value] of (lines[k] ?? '').matchAll(/sigma\(([123]) ([123])\)=\s*(\S+)/g)) {
      // Symmetric: sigma(3 2) is also [1][2].
      tensor[Number(i) - 1]![Number(j) - 1] = Number(value);
      tensor[Number(j) - 1]![Number(i) - 1] = Number(value);
    }
  return tensor.every((row) => row.every((x) => !Number.isNaN(x))) ? tensor : undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The GW table after 'data: !SigmaeeData': Band E0 <VxcDFT> SigX SigC(E0) Z dSigC/dE Sig(E) E-E0 E. */
function readQpTable(lines: string[], from: number, kpoint: Vec): { table: AbinitQpKpoint; end: number } {
  const table: AbinitQpKpoint = { kpoint, bands: [], ks: [], vxc: [], sigx: [], sigc: [], z: [], qp: [] };
  let k = from + 2;
  for (; k < lines.length; k += 1) {
    const values = numbersIn(lines[k]!);
    if (values.length < 10 || !/^\s*\d+\s/.test(lines[k]!)) break;
    table.bands.push(values[0]!);
    table.ks.push(values[1]!);
    table.vxc.push(values[2]!);
    table.sigx.push(values[3]!);
    table.sigc.push(values[4]!);
    table.z.push(values[5]!);
    table.qp.push(values[9]!);
  }
  return { table, end: k - 1 };
}

const newStep = (): AbinitStep => ({ iterations: [] });
const newDataset = (index: number): AbinitDataset => ({
  index,
  steps: [newStep()],
  components: new Map(),
  screeningFrequencies: [],
  qp: [],
  eigenvalues: {},
});

const COMPONENT =
  /^\s{4}(Kinetic energy|Hartree energy|XC energy|Ewald energy|PspCore energy|Loc\. psp\. energy|NL\s+psp\s+energy)\s*=\s*(\S+)/;

/** Lines any of the patterns of readAbinitOutput can match: by their start, or anywhere. */
const WANTED_START =
  /^(?:\.Version|\.Starting|- \(|- root|- Proc|- pspini|==|--- Iteration| -outvars|electrons:|kpoint|data:|\s*(?:ETOT|Eigenvalues \(hartree\)|Cartesian|cartesian forces|Total energy \(etotal|Kinetic energy|Hartree energy|XC energy|Ewald energy|PspCore|Loc\. psp|NL\s+psp|>>>>|-kT))/;
const WANTED_ANYWHERE = /gradients are|Fermi \(|chi0|Calculation completed/;

export function readAbinitOutput(text: string): AbinitOutput {
  const lines = text.split(/\r?\n/);
  const out: AbinitOutput = {
    variables: new Map(),
    pseudopotentials: new Map(),
    datasets: [],
    finished: false,
  };
  let input = new Map<string, number[]>();
  let after: Map<string, number[]> | undefined;
  let date: string[] | undefined;
  // Results before any dataset heading (none in real outputs) belong to dataset 1.
  let dataset = newDataset(1);
  let step = dataset.steps[0]!;
  let qpKpoint: Vec | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    // One test skips the many lines nothing below reads (eigenvalues, residuals, timings).
    if (!WANTED_START.test(line) && !WANTED_ANYWHERE.test(line)) continue;
    // The SCF lines first: the most frequent.
    const etot = /^\s*ETOT\s+\d+\s+(\S+)/.exec(line);
    if (etot) {
      step.iterations.push(Number(etot[1]));
      continue;
    }
    const version = /^\.Version\s+(\S+)\s+of ABINIT/.exec(line);
    if (version) out.version ??= version[1]!;
    const starting = /^\.Starting date\s*:\s*\S+\s+(\d+)\s+(\w{3})\w*\s+(\d{4})/.exec(line);
    if (starting) date = [starting[1]!, starting[2]!, starting[3]!];
    const at = /^- \( at\s+(\d+)h(\d+)\s*\)/.exec(line);
    if (at && date && out.dateStart === undefined) {
      const month = MONTHS.indexOf(date[1]!);
      if (month >= 0)
        out.dateStart =
          Date.UTC(Number(date[2]), month, Number(date[0]), Number(at[1]), Number(at[2])) / 1000;
    }
    const psp = /^- pspini: atom type\s+(\d+)\s+psp file is\s+(\S+)/.exec(line);
    if (psp) out.pseudopotentials.set(Number(psp[1]), psp[2]!.replace(/^.*\//, ''));
    if (/^\s*Eigenvalues \(hartree\) for nkpt=/.test(line)) {
      i = readEigenvalues(lines, i, dataset.eigenvalues);
      continue;
    }
    const root = /^- root for output files -> (\S+)/.exec(line);
    if (root) out.outputRoot = root[1]!;
    if (/^ -outvars: echo values of/.test(line)) {
      const read = readVariables(lines, i + 1);
      if (/after computation/.test(line)) after = read.variables;
      else input = read.variables;
      // The line that ended the block is read again: it may open the next one.
      i = read.end - 1;
      continue;
    }
    const heading = /^== DATASET\s+(\d+)/.exec(line);
    if (heading) {
      dataset = newDataset(Number(heading[1]));
      step = dataset.steps[0]!;
      out.datasets.push(dataset);
      continue;
    }
    if (/^--- Iteration: \(\s*\d+\//.test(line)) {
      // A relaxation or MD step; the first one is the dataset's first step.
      if (step.iterations.length > 0 || step.xcart || step.etotal !== undefined) {
        step = newStep();
        dataset.steps.push(step);
      }
      continue;
    }
    if (/^ Cartesian coordinates \(xcart\) \[bohr\]/.test(line)) {
      const read = readRows(lines, i);
      step.xcart = read.rows;
      i = read.end;
      continue;
    }
    if (/^ Cartesian forces \(fcart\) \[Ha\/bohr\]/.test(line)) {
      const read = readRows(lines, i);
      step.forces = read.rows;
      i = read.end;
      continue;
    }
    const etotal = /^ Total energy \(etotal\) \[Ha\]=\s*(\S+)/.exec(line);
    if (etotal) step.etotal = Number(etotal[1]);
    if (/^ Cartesian components of stress tensor \(hartree\/bohr\^3\)/.test(line)) {
      const stress = readStress(lines, i);
      if (stress) {
        step.stress = stress;
        dataset.stress = stress;
      }
      continue;
    }
    if (/gradients are converged/.test(line)) dataset.converged = true;
    const nelect = /^electrons:\s*\{\s*nelect:\s*([-+\d.E]+)/.exec(line);
    if (nelect) dataset.nelect = Number(nelect[1]);
    const fermi = /Fermi \(or HOMO\) energy \(hartree\)\s*=\s*(\S+)/.exec(line);
    if (fermi) dataset.fermi = Number(fermi[1]);
    const component = COMPONENT.exec(line);
    if (component) dataset.components.set(component[1]!.replace(/\s+/g, ' '), Number(component[2]));
    if (/^\s*cartesian forces \(hartree\/bohr\) at end:/.test(line)) {
      const read = readRows(lines, i);
      dataset.forces = read.rows;
      i = read.end;
      continue;
    }
    const omega = /chi0\(G,G'\) at the\s+(\d+) th omega\s+(\S+)\s+(\S+)\s+\[eV\]/.exec(line);
    if (omega) {
      const n = Number(omega[1]) - 1;
      dataset.screeningFrequencies[n] ??= [Number(omega[2]), Number(omega[3])];
    }
    const kpt = /^kpoint\s*:\s*\[\s*([-\d.]+),\s*([-\d.]+),\s*([-\d.]+)/.exec(line);
    if (kpt) qpKpoint = [Number(kpt[1]), Number(kpt[2]), Number(kpt[3])];
    if (/^data: !SigmaeeData/.test(line) && qpKpoint) {
      const read = readQpTable(lines, i, qpKpoint);
      dataset.qp.push(read.table);
      qpKpoint = undefined;
      i = read.end;
      continue;
    }
    const time = /^- Proc\.\s+0 individual time \(sec\): cpu=\s*(\S+)\s+wall=\s*(\S+)/.exec(line);
    if (time) {
      out.cpuTime = Number(time[1]);
      out.wallTime = Number(time[2]);
    }
    if (/^\s*Calculation completed\./.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not an ABINIT output: no '.Version ... of ABINIT' line");
  // The echo after the computation wins; what only the input echo has (truncated runs) stays.
  out.variables = new Map([...input, ...(after ?? [])]);
  if (out.datasets.length === 0) out.datasets.push(dataset);
  const anyStep = out.datasets.some((d) => d.steps.some((s) => s.iterations.length > 0 || s.xcart));
  if (out.variables.size === 0 && !anyStep)
    throw new Error('the output echoes no input variables and has no SCF cycle: nothing to make an entry of');
  return out;
}
