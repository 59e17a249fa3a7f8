// What an ABINIT main output says, in atomic units (Hartree, bohr): the version, the input variables as
// echoed after the computation (acell, rprim, xred, typat, znucl, ecut, ixc, ngkpt, occopt, tsmear,
// nsppol, etotal), and the SCF iterations, Fermi energy and forces of the (single) dataset.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface AbinitOutput {
  version?: string;
  /** Variables of the '-outvars' echo after the computation (before it when there is none). */
  variables: Map<string, number[]>;
  /** Hartree per SCF iteration. */
  iterations: number[];
  /** Hartree */
  fermi?: number;
  /** Hartree/bohr */
  forces?: Vec[];
  datasets: number;
  finished: boolean;
}

/** The variable block after an '-outvars' heading: name, numbers, and continuation lines of numbers. */
function readVariables(lines: string[], from: number): { variables: Map<string, number[]>; end: number } {
  const variables = new Map<string, number[]>();
  let current: number[] | undefined;
  let k = from;
  for (; k < lines.length; k += 1) {
    const line = lines[k]!;
    if (/^={5,}|^ -outvars|^\s*$/.test(line) && variables.size > 0) break;
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
  const out: AbinitOutput = { variables: new Map(), iterations: [], datasets: 0, finished: false };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /^\.Version\s+(\S+)\s+of ABINIT/.exec(line);
    if (version) out.version ??= version[1]!;
    if (/^ -outvars: echo values of/.test(line)) {
      const read = readVariables(lines, i + 1);
      // The echo after the computation wins over the preprocessed input.
      if (/after computation/.test(line) || out.variables.size === 0) out.variables = read.variables;
      i = read.end;
      continue;
    }
    if (/^== DATASET\s+\d+/.test(line)) {
      out.datasets += 1;
      out.iterations = [];
    }
    const etot = /^\s*ETOT\s+\d+\s+(\S+)/.exec(line);
    if (etot) out.iterations.push(Number(etot[1]));
    const fermi = /Fermi \(or HOMO\) energy \(hartree\)\s*=\s*(\S+)/.exec(line);
    if (fermi) out.fermi = Number(fermi[1]);
    if (/^\s*cartesian forces \(hartree\/bohr\) at end:/.test(line)) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
        if (!row) break;
        forces.push([Number(row[1]), Number(row[2]), Number(row[3])]);
        i = k;
      }
      out.forces = forces;
    }
    if (/^\s*Calculation completed\./.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not an ABINIT output: no '.Version ... of ABINIT' line");
  for (const name of ['acell', 'rprim', 'xred', 'typat', 'znucl'])
    if (!out.variables.has(name))
      throw new Error(`the output echoes no '${name}' (datasets with numbered variables are not read)`);
  return out;
}
