// VASP INCAR tags: 'KEY = value' statements, several per line separated by ';', comments after
// '#' or '!'. Values become booleans (.TRUE./T), numbers (Fortran reals, 'N*x' repeats) or text.

import { fortranReal } from '../../text/numbers.ts';

export type IncarScalar = number | boolean | string;
export type IncarValue = IncarScalar | IncarScalar[];
export type IncarTags = Record<string, IncarValue>;

/** One token: boolean, number or text. */
export function incarScalar(token: string): IncarScalar {
  if (/^\.?(?:T|TRUE)\.?$/i.test(token)) return true;
  if (/^\.?(?:F|FALSE)\.?$/i.test(token)) return false;
  return fortranReal(token) ?? token;
}

/**
 * A value as written after '='. Several numeric/boolean tokens become a list ('N*x' expanded, as
 * in MAGMOM = 2*1.0 3*0); anything with free text stays one string (SYSTEM = my slab).
 */
export function incarValue(text: string): IncarValue {
  const trimmed = text.trim().replace(/^(["'])(.*)\1$/, '$2');
  const tokens = trimmed.split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 0) return '';
  if (tokens.length === 1 && !/^\d+\*/.test(tokens[0] ?? '')) return incarScalar(tokens[0] ?? '');
  const values: IncarScalar[] = [];
  for (const token of tokens) {
    const repeat = /^(\d+)\*(.+)$/.exec(token);
    const scalar = incarScalar(repeat ? (repeat[2] ?? '') : token);
    if (typeof scalar === 'string') return trimmed;
    const times = repeat ? Number(repeat[1]) : 1;
    // Guard against absurd repeat counts from corrupt files.
    if (times > 100000) return trimmed;
    for (let k = 0; k < times; k++) values.push(scalar);
  }
  return values;
}

/** Reads an INCAR file. Lines without a 'TAG =' statement (titles, notes) are skipped. */
export function readIncar(text: string): IncarTags {
  const tags: IncarTags = {};
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.replace(/[#!].*$/, '');
    for (const statement of line.split(';')) {
      const eq = statement.indexOf('=');
      if (eq < 0) continue;
      const key = statement.slice(0, eq).trim().toUpperCase();
      if (!/^[A-Z][A-Z0-9_]*$/.test(key)) continue;
      tags[key] = incarValue(statement.slice(eq + 1));
    }
  }
  return tags;
}

/** Numeric tag value (first element of a list), if the tag is numeric. */
export function numberTag(tags: IncarTags, key: string): number | undefined {
  const value = tags[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' ? first : undefined;
}

/** Boolean tag value, if the tag is boolean. */
export function booleanTag(tags: IncarTags, key: string): boolean | undefined {
  const value = tags[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** Text tag value, upper-cased ('pe' and 'PE' mean the same to VASP); GGA = 91 reads as '91'. */
export function textTag(tags: IncarTags, key: string): string | undefined {
  const value = tags[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value.toUpperCase() : undefined;
}
