// Octopus's input variables: the 'inp' file (assignments 'Name = expression' and blocks '%Name' of rows
// separated by '|', closed by '%') and exec/parser.log, where Octopus echoes every variable it read with
// its value as it used it (blocks between "Opened block 'Name'" and "Closed block 'Name'"). Names are
// case-insensitive in Octopus; expressions may use earlier variables, pi, angstrom and eV (as factors to
// atomic units), arithmetic and a few functions.
import { ANGSTROM, BOHR, ELECTRON_VOLT, HARTREE } from '@oasis/chem';

/** A variable's value: its text (quotes dropped), or the rows of cells of a block. */
type OctopusValue = string | string[][];

/** Variables by lower-case name, each with its name as written. */
export type OctopusVariables = Map<string, { name: string; value: OctopusValue }>;

const withoutComment = (line: string) => line.replace(/#.*$/, '').trim();
const unquoted = (text: string) => text.replace(/["']/g, '').trim();

const set = (variables: OctopusVariables, name: string, value: OctopusValue) =>
  variables.set(name.toLowerCase(), { name, value });

/** The variables of an 'inp' file. */
export function readInp(text: string): OctopusVariables {
  const variables: OctopusVariables = new Map();
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = withoutComment(lines[index]!);
    const open = /^%\s*(\w+)/.exec(line);
    if (open) {
      const rows: string[][] = [];
      for (index += 1; index < lines.length && !/^%/.test(withoutComment(lines[index]!)); index += 1) {
        const row = withoutComment(lines[index]!);
        if (row) rows.push(row.split('|').map(unquoted));
      }
      set(variables, open[1]!, rows);
      continue;
    }
    const assignment = /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (assignment) set(variables, assignment[1]!, unquoted(assignment[2]!));
  }
  return variables;
}

/** The variables of exec/parser.log (block cells as 'Name[i][j] = v' or 'Name (i, j) = v'). */
export function readParserLog(text: string): OctopusVariables {
  const variables: OctopusVariables = new Map();
  let block: { name: string; rows: string[][] } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = withoutComment(raw);
    const opened = /^Opened block '(\w+)'/.exec(line);
    if (opened) {
      block = { name: opened[1]!, rows: [] };
      continue;
    }
    if (/^Closed block/.test(line)) {
      if (block) set(variables, block.name, block.rows);
      block = undefined;
      continue;
    }
    if (block) {
      const cell = /^\w+\s*(?:\[(\d+)\]\[(\d+)\]|\(\s*(\d+)\s*,\s*(\d+)\s*\))\s*=\s*(.*)$/.exec(line);
      if (!cell) continue;
      const [row, column] = [Number(cell[1] ?? cell[3]), Number(cell[2] ?? cell[4])];
      (block.rows[row] ??= [])[column] = unquoted(cell[5]!);
      continue;
    }
    const assignment = /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (assignment) set(variables, assignment[1]!, unquoted(assignment[2]!));
  }
  return variables;
}

/** Octopus's constants, as factors to its atomic units (bohr, Hartree). */
const CONSTANTS: Readonly<Record<string, number>> = {
  pi: Math.PI,
  e: Math.E,
  angstrom: ANGSTROM / BOHR,
  ev: ELECTRON_VOLT / HARTREE,
  true: 1,
  yes: 1,
  false: 0,
  no: 0,
};

const FUNCTIONS: Readonly<Record<string, (x: number) => number>> = {
  sqrt: Math.sqrt,
  exp: Math.exp,
  log: Math.log,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  abs: Math.abs,
};

/**
 * The number an expression evaluates to, or undefined when it is no arithmetic of numbers, constants
 * and numeric variables (a name such as 'gs' or 'ev_angstrom').
 */
export function evaluate(
  expression: string,
  variables: OctopusVariables = new Map(),
  depth = 0,
): number | undefined {
  const tokens = expression.match(/\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\*\*|\w+|[-+*/^()]|\S/g);
  if (!tokens || depth > 20) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  const atom = (): number | undefined => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (token === '(') {
      const value = sum();
      return tokens[at++] === ')' ? value : undefined;
    }
    if (token === '-' || token === '+') {
      const value = power();
      return value === undefined ? undefined : token === '-' ? -value : value;
    }
    if (/^[\d.]/.test(token)) return Number(token);
    const name = token.toLowerCase();
    if (FUNCTIONS[name] && peek() === '(') {
      const argument = atom();
      return argument === undefined ? undefined : FUNCTIONS[name](argument);
    }
    if (CONSTANTS[name] !== undefined) return CONSTANTS[name];
    const variable = variables.get(name);
    return typeof variable?.value === 'string' ? evaluate(variable.value, variables, depth + 1) : undefined;
  };
  const power = (): number | undefined => {
    const base = atom();
    if (peek() !== '^' && peek() !== '**') return base;
    at += 1;
    const exponent = power();
    return base === undefined || exponent === undefined ? undefined : base ** exponent;
  };
  const product = (): number | undefined => {
    let value = power();
    while (peek() === '*' || peek() === '/') {
      const operator = tokens[at++];
      const right = power();
      if (value === undefined || right === undefined) return undefined;
      value = operator === '*' ? value * right : value / right;
    }
    return value;
  };
  const sum = (): number | undefined => {
    let value = product();
    while (peek() === '+' || peek() === '-') {
      const operator = tokens[at++];
      const right = product();
      if (value === undefined || right === undefined) return undefined;
      value = operator === '+' ? value + right : value - right;
    }
    return value;
  };
  const value = sum();
  return at === tokens.length && value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** A variable's text value (undefined for blocks). */
export const textOf = (variables: OctopusVariables, name: string): string | undefined => {
  const value = variables.get(name.toLowerCase())?.value;
  return typeof value === 'string' ? value : undefined;
};

/** A variable's numeric value, evaluated. */
export const numberOf = (variables: OctopusVariables, name: string): number | undefined => {
  const value = textOf(variables, name);
  return value === undefined ? undefined : evaluate(value, variables);
};

/** A block's rows, each cell evaluated where it is a number (text, e.g. a species name, kept). */
export const blockOf = (variables: OctopusVariables, name: string): (number | string)[][] | undefined => {
  const value = variables.get(name.toLowerCase())?.value;
  return Array.isArray(value)
    ? value.map((row) => row.map((cell) => evaluate(cell, variables) ?? cell))
    : undefined;
};
