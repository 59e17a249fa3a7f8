// What a DL_POLY OUTPUT file says (DL_POLY 2/Classic and 4 alike), in its own units: version, the
// simulation control parameters, the energy unit, and the statistics printed every so many steps, three
// lines of ten columns each under three lines of column names. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { startLines } from '../../text/rule-records.ts';
import { after, before } from '../../text/rule-split.ts';
import { type Convert, block, blocks, every, first, flag, text } from '../../text/rules.ts';

/** A control parameter's value: a number, several numbers, or the text after a colon. */
export type ControlValue = number | number[] | string;

export interface DlpolyOutput {
  program?: string;
  version?: string;
  versionDate?: string;
  control: Record<string, ControlValue>;
  /** The control section's ensemble, as printed ('NVT Berendsen') or as DL_POLY 2 says it. */
  ensemble?: string;
  energyUnit?: string;
  /** Column names of the statistics, in the order of a row's values. */
  columns: string[];
  /** Each printed step: its values by column (time in ps, cpu time in s); a value not printed is NaN. */
  rows: number[][];
  finished: boolean;
  lines: number;
  warnings: string[];
}

/** Factors of the unit letters DL_POLY 2 appends: time to ps, cpu time to s. */
const SUFFIX: Readonly<Record<string, number>> = { f: 1e-3, p: 1, n: 1e3, s: 1, m: 60, h: 3600, d: 86400 };

const valueOf = (token: string): number => {
  const match = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:[EeDd][-+]?\d+)?)([fpnsmhd])?$/.exec(token);
  if (!match) return Number.NaN;
  return Number(match[1]!.replace(/[dD]/, 'E')) * (match[2] ? SUFFIX[match[2]]! : 1);
};

/** The three lines of a row: a step, then lines led by the time and the cpu time (not a step again). */
const rowOf = (lines: readonly string[]): number[] | undefined => {
  const tokens = lines.map((line) => line.trim().split(/\s+/));
  if (!/^\d+$/.test(tokens[0]![0]!)) return undefined;
  if (!tokens.slice(1).every((row) => /^[\d.]*\.\d*[a-z]?$|^\*+$/.test(row[0]!))) return undefined;
  if (tokens.some((row) => row.length < 2)) return undefined;
  return tokens.flat().map(valueOf);
};

const namesOf = (lines: readonly string[]): string[] =>
  lines.flatMap((line) =>
    line
      .trim()
      .split(/\s{3,}/)
      .map((name) => name.replace(/\s+/g, ' ')),
  );

/** A parameter's name, what its parentheses say (a unit, or which cut-off), and its value. */
const parameter: Convert<{ name: string; qualifier?: string; value: string }> = (match) => ({
  name: match[1]!.replace(/\s+/g, ' '),
  ...(match[2] ? { qualifier: match[2] } : {}),
  value: match[3]!,
});

const PARAMETERS = {
  // 'name (unit)    1.0000E+01' or 'name    54   54   54'
  numbers: every(
    /^\s*([A-Za-z][^:()]*?)\s*(?:\(([^)]*)\))?\s+([-+]?\d[\d.EeDd+-]*(?:\s+[-+]?\d[\d.EeDd+-]*)*)\s*$/,
    parameter,
  ),
  // 'Electrostatics : Smooth Particle Mesh Ewald'
  colons: every(/^\s*([A-Za-z][^:()]*?)\s*(?:\(([^)]*)\))?\s*:\s*(\S.*?)\s*$/, parameter),
  // DL_POLY 2 names the ensemble in words, not as 'Ensemble : ...'.
  evans: flag(/Evans Gaussian temperature constraints/),
  microcanonical: flag(/microcanonical ensemble/),
  berendsen: flag(/^\s*Berendsen thermostat/),
  noseHoover: flag(/^\s*Nose-Hoover\s*$/),
  barostat: first(/^\s*(\S.*?)\s+barostat/i, text()),
};

const OUTPUT = {
  program: first(/obtained using (DL_POLY\S*)/, text()),
  version: first(/(?:\bversion:\s+|DL_POLY Version\s+)(\d[\w.]*)/, text()),
  versionDate: first(/\bversion:\s+\S+\s+\/\s+(\w+\s+\d+)/, text()),
  control: after(/SIMULATION CONTROL PARAMETERS/, PARAMETERS, { end: /SYSTEM SPECIFICATION/ }),
  energyUnit: first(/energy units\s*=\s*(.*\S)/, text()),
  header: block(/^\s*step\s+eng_tot\s+temp_tot/, { names: startLines(3, namesOf) }),
  // The averages printed after the run are no step of it.
  run: before([/run terminated after/], {
    rows: blocks(/^\s*\d+\s+[-+]?\d*\.\d+E[-+]\d+/, { row: startLines(3, rowOf) }),
  }),
  finished: flag(/run terminated after/),
};

function controlOf(parameters: NonNullable<ReturnType<typeof readText<typeof OUTPUT>>['values']['control']>) {
  const control: Record<string, ControlValue> = {};
  // A name printed again with another qualifier ('real space cut off (vdw)') keeps it.
  const add = ({ name, qualifier }: { name: string; qualifier?: string }, value: ControlValue) => {
    if (!(name in control)) control[name] = value;
    else if (qualifier) control[`${name} (${qualifier})`] = value;
  };
  for (const found of parameters.numbers) {
    const values = found.value.split(/\s+/).map((token) => Number(token.replace(/[dD]/, 'E')));
    if (values.some((x) => !Number.isFinite(x))) continue;
    add(found, values.length === 1 ? values[0]! : values);
  }
  for (const found of parameters.colons) add(found, found.value);
  return control;
}

/** The ensemble as DL_POLY 4 prints it, or in DL_POLY 2's words. */
function ensembleOf(
  control: Record<string, ControlValue>,
  parameters: NonNullable<ReturnType<typeof readText<typeof OUTPUT>>['values']['control']>,
): string | undefined {
  const printed = control.Ensemble;
  if (typeof printed === 'string') return printed;
  if (parameters.barostat) return `NPT ${parameters.barostat}`;
  if (parameters.berendsen) return 'NVT Berendsen';
  if (parameters.noseHoover) return 'NVT Nose-Hoover';
  if (parameters.evans) return 'NVT Evans';
  if (parameters.microcanonical) return 'NVE';
  return undefined;
}

export function readDlpolyOutput(content: string, file: string): DlpolyOutput {
  const { values, warnings, lines } = readText(OUTPUT, content, file);
  const parameters = values.control ?? {
    numbers: [],
    colons: [],
    evans: false,
    microcanonical: false,
    berendsen: false,
    noseHoover: false,
    barostat: undefined,
  };
  const control = controlOf(parameters);
  const ensemble = ensembleOf(control, parameters);
  return {
    ...(values.program ? { program: values.program } : {}),
    ...(values.version ? { version: values.version } : {}),
    ...(values.versionDate ? { versionDate: values.versionDate.replace(/\s+/g, ' ') } : {}),
    control,
    ...(ensemble ? { ensemble } : {}),
    ...(values.energyUnit ? { energyUnit: values.energyUnit } : {}),
    columns: values.header?.names ?? [],
    rows: values.run.rows.map((block) => block.row).filter((row): row is number[] => row !== undefined),
    finished: values.finished,
    lines,
    warnings,
  };
}
