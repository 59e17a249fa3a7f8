// What an ABINIT main output says, in atomic units (Hartree, bohr): the version, the input variables as
// echoed after the computation (acell, rprim, xred, typat, znucl, ecut, ixc, ngkpt, occopt, tsmear,
// nsppol, etotal; a variable of one dataset carries its number, 'ecut2'), and per dataset the SCF
// iterations, Fermi energy and forces.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface AbinitDataset {
  /** The dataset's number ('== DATASET  2'). */
  index: number;
  /** Hartree per SCF iteration. */
  iterations: number[];
  /** Hartree */
  fermi?: number;
  /** Hartree/bohr */
  forces?: Vec[];
}

export interface AbinitOutput {
  version?: string;
  /** Variables of the '-outvars' echo after the computation (before it when there is none). */
  variables: Map<string, number[]>;
  datasets: AbinitDataset[];
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

export function readAbinitOutput(text: string): AbinitOutput {
  const lines = text.split(/\r?\n/);
  const out: AbinitOutput = { variables: new Map(), datasets: [], finished: false };
  // Results before any dataset heading (none in real outputs) belong to dataset 1.
  let dataset: AbinitDataset = { index: 1, iterations: [] };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /^\.Version\s+(\S+)\s+of ABINIT/.exec(line);
    if (version) out.version ??= version[1]!;
    if (/^ -outvars: echo values of/.test(line)) {
      const read = readVariables(lines, i + 1);
      // The echo after the computation wins over the preprocessed input.
      if (/after computation/.test(line) || out.variables.size === 0) out.variables = read.variables;
      // The line that ended the block is read again: it may open the next one.
      i = read.end - 1;
      continue;
    }
    const heading = /^== DATASET\s+(\d+)/.exec(line);
    if (heading) {
      dataset = { index: Number(heading[1]), iterations: [] };
      out.datasets.push(dataset);
    }
    const etot = /^\s*ETOT\s+\d+\s+(\S+)/.exec(line);
    if (etot) dataset.iterations.push(Number(etot[1]));
    const fermi = /Fermi \(or HOMO\) energy \(hartree\)\s*=\s*(\S+)/.exec(line);
    if (fermi) dataset.fermi = Number(fermi[1]);
    if (/^\s*cartesian forces \(hartree\/bohr\) at end:/.test(line)) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
        if (!row) break;
        forces.push([Number(row[1]), Number(row[2]), Number(row[3])]);
        i = k;
      }
      dataset.forces = forces;
    }
    if (/^\s*Calculation completed\./.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not an ABINIT output: no '.Version ... of ABINIT' line");
  if (out.datasets.length === 0) out.datasets.push(dataset);
  for (const { index } of out.datasets)
    for (const name of ['acell', 'rprim', 'xred', 'typat', 'znucl'])
      if (!variableOf(out, name, index))
        throw new Error(`the output echoes no '${name}' (nor '${name}${index}' for dataset ${index})`);
  return out;
}
