// exciting's input.xml beside INFO.OUT: the attributes of an element (groundstate, gw, gw/freqgrid ...),
// for the settings INFO.OUT does not print (the k-grid offset, the GW frequency grid and screening).
import { sideText } from './placed-side-file.ts';

const NAME = 'input.xml';
const MAX_INPUT_BYTES = 4 * 1024 ** 2;

/** The input's text without comments (a commented-out element is no setting). */
export async function readInputXml(
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<string | undefined> {
  const text = await sideText(mainfile, rawRoot, NAME, MAX_INPUT_BYTES, warn);
  return text?.replace(/<!--[\s\S]*?-->/g, '');
}

/** The attributes of the first `<name ...>` element inside `within` (the whole text when absent). */
export function attributesOf(xml: string, name: string, within?: string): Map<string, string> {
  let scope = xml;
  if (within) {
    const open = new RegExp(`<${within}\\b`).exec(xml);
    if (!open) return new Map();
    const close = xml.indexOf(`</${within}>`, open.index);
    scope = xml.slice(open.index, close >= 0 ? close : undefined);
  }
  const tag = new RegExp(`<${name}\\b([^>]*)>`).exec(scope);
  const attributes = new Map<string, string>();
  if (!tag) return attributes;
  for (const [, key, value] of tag[1]!.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g))
    attributes.set(key!, value!.trim());
  return attributes;
}

/** A Fortran-style number ('1.d-4', '2.0d0') of an attribute. */
export const fortranNumber = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value.replace(/[dD]/, 'e'));
  return Number.isFinite(number) ? number : undefined;
};

/** Numbers of a space-separated attribute ('6 6 4'). */
export const numberList = (value: string | undefined): number[] | undefined => {
  if (value === undefined) return undefined;
  const numbers = value
    .split(/\s+/)
    .filter(Boolean)
    .map((v) => fortranNumber(v));
  return numbers.every((n) => n !== undefined) ? (numbers as number[]) : undefined;
};
