// The input echo of a SIESTA output (the fdf file between 'Dump of input data file' and 'End of input
// data file'): 'Label value # comment' parameters and '%block Name ... %endblock Name' blocks. fdf labels
// ignore case and the characters '.', '_' and '-' ('XC.authors' is 'xc.authors', 'Chemical_Species_Label'
// is 'ChemicalSpeciesLabel'), so look-ups go through `fdfKey`.
import { fortranReal } from '../../text/numbers.ts';

export type FdfValue = string | number | boolean;

export interface FdfInput {
  /** Each parameter under its label as written; a number or boolean where the value starts as one. */
  parameters: Record<string, FdfValue>;
  /** Each parameter's value as written (with its unit), under its label. */
  texts: Record<string, string>;
  /** The rows of each block (tokens of each line), under the block's name as written. */
  blocks: Record<string, string[][]>;
}

/** The canonical form of an fdf label. */
const fdfKey = (label: string): string => label.toLowerCase().replace(/[._-]/g, '');

const TRUE = new Set(['true', '.true.', 'yes', 't']);
const FALSE = new Set(['false', '.false.', 'no', 'f']);

/** A parameter's value: the first token when it is a number (its unit follows), a logical, else the text. */
function valueOf(raw: string): FdfValue {
  if (raw === '') return true; // a bare label is a logical set to true
  const token = raw.split(/\s+/)[0]!;
  if (/^[-+.\d]/.test(token)) {
    const number = fortranReal(token);
    if (number !== undefined) return number;
  }
  const lower = raw.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  return raw;
}

/** Parameters and blocks of the echoed fdf lines. */
export function readFdf(lines: readonly string[]): FdfInput {
  const input: FdfInput = { parameters: {}, texts: {}, blocks: {} };
  let open: string[][] | undefined;
  for (const line of lines) {
    const content = line.replace(/#.*$/, '').trim();
    if (content === '') continue;
    const start = /^%block\s+(\S+)/i.exec(content);
    if (start) {
      open = [];
      input.blocks[start[1]!] = open;
      continue;
    }
    if (/^%endblock/i.test(content)) {
      open = undefined;
      continue;
    }
    if (open) {
      open.push(content.split(/\s+/));
      continue;
    }
    const parameter = /^([A-Za-z][\w.-]*)\s*(.*)$/.exec(content);
    if (!parameter) continue;
    input.parameters[parameter[1]!] = valueOf(parameter[2]!);
    input.texts[parameter[1]!] = parameter[2]!;
  }
  return input;
}

/** The value of a parameter by its label, whatever its case and separators. */
export function fdfParameter(input: FdfInput, label: string): FdfValue | undefined {
  const key = fdfKey(label);
  const found = Object.keys(input.parameters).find((name) => fdfKey(name) === key);
  return found === undefined ? undefined : input.parameters[found];
}

/** The text of a parameter by its label ('2.87 Ang'). */
export function fdfText(input: FdfInput, label: string): string | undefined {
  const key = fdfKey(label);
  const found = Object.keys(input.texts).find((name) => fdfKey(name) === key);
  return found === undefined ? undefined : input.texts[found];
}

/** The rows of a block by its name, whatever its case and separators. */
export function fdfBlock(input: FdfInput, name: string): string[][] | undefined {
  const key = fdfKey(name);
  const found = Object.keys(input.blocks).find((block) => fdfKey(block) === key);
  return found === undefined ? undefined : input.blocks[found];
}
