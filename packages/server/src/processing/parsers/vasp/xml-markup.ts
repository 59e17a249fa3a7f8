// Markup of an XML document ('<' ... '>') read from its bytes: what kind it is, where it ends, the
// name and attributes of a tag. Names are interned per document so that the million <r> tags of a
// large vasprun.xml share one string rather than allocating one each.
import { decodeEntities } from './leaf-text.ts';

export const LT = 60;
export const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const DASH = 45;
const BRACKET_CLOSE = 93;

const isSpace = (byte: number): boolean => byte === 32 || byte === 10 || byte === 9 || byte === 13;

export type MarkupKind = 'open' | 'close' | 'comment' | 'cdata' | 'instruction' | 'declaration';

const CDATA_OPEN = Buffer.from('![CDATA[', 'latin1');

/** The kind of markup whose bytes after '<' are markup[0, length) (at least up to a '>'). */
export function kindOf(markup: Uint8Array, length: number): MarkupKind {
  const first = markup[0];
  if (first === SLASH) return 'close';
  if (first === QUESTION) return 'instruction';
  if (first !== BANG) return 'open';
  if (markup[1] === DASH && markup[2] === DASH) return 'comment';
  if (length >= CDATA_OPEN.length && CDATA_OPEN.every((byte, i) => markup[i] === byte)) return 'cdata';
  return 'declaration';
}

/**
 * Whether a '>' just appended as markup[length - 1] ends the markup: comments end with '-->', CDATA
 * with ']]>', processing instructions with '?>'; tags end at a '>' outside quotes (`quoted` tells).
 */
export function endsMarkup(markup: Uint8Array, length: number, quoted: boolean): boolean {
  switch (kindOf(markup, length)) {
    case 'comment':
      return length >= 6 && markup[length - 2] === DASH && markup[length - 3] === DASH;
    case 'cdata':
      return (
        length >= CDATA_OPEN.length + 3 &&
        markup[length - 2] === BRACKET_CLOSE &&
        markup[length - 3] === BRACKET_CLOSE
      );
    case 'instruction':
      return length >= 2 && markup[length - 2] === QUESTION;
    default:
      return !quoted;
  }
}

/** Strings of the tag names seen in one document, looked up by their bytes. */
export class NameTable {
  private readonly byLength: string[][] = [];

  name(bytes: Uint8Array, start: number, end: number): string {
    const length = end - start;
    // Single characters come from V8's table of one-character strings: no allocation at all.
    if (length === 1) return String.fromCharCode(bytes[start] as number);
    const bucket = (this.byLength[length] ??= []);
    for (const known of bucket) {
      let same = true;
      for (let i = 0; i < length && same; i++) same = known.charCodeAt(i) === bytes[start + i];
      if (same) return known;
    }
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + start, length).toString('latin1');
    bucket.push(name);
    return name;
  }
}

export interface OpenTag {
  name: string;
  attributes: Readonly<Record<string, string>>;
  selfClosing: boolean;
}

/** Tags without attributes share this object. */
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

/** XML normalises tabs and line ends in attribute values to spaces. */
const attributeValue = (raw: string): string => decodeEntities(raw.replace(/\r\n|[\t\n\r]/g, ' '));

/** Name and attributes of an open tag markup[0, length) ('name a="1" b=\'2\'' with a '/' or not). */
export function readOpenTag(markup: Uint8Array, length: number, names: NameTable): OpenTag | string {
  let end = length;
  const selfClosing = markup[end - 1] === SLASH;
  if (selfClosing) end--;
  let i = 0;
  while (i < end && !isSpace(markup[i] as number)) i++;
  if (i === 0) return 'disallowed character in tag name.';
  const name = names.name(markup, 0, i);
  let attributes: Record<string, string> | undefined;
  for (;;) {
    while (i < end && isSpace(markup[i] as number)) i++;
    if (i >= end) break;
    const nameStart = i;
    while (i < end && markup[i] !== EQUALS && !isSpace(markup[i] as number)) i++;
    const attribute = Buffer.from(markup.buffer, markup.byteOffset + nameStart, i - nameStart).toString(
      'latin1',
    );
    while (i < end && isSpace(markup[i] as number)) i++;
    if (markup[i] !== EQUALS) return 'attribute without value.';
    i++;
    while (i < end && isSpace(markup[i] as number)) i++;
    const quote = markup[i];
    if (quote !== 34 && quote !== 39) return 'unquoted attribute value.';
    const valueStart = ++i;
    while (i < end && markup[i] !== quote) i++;
    if (i >= end) return 'unterminated attribute value.';
    const raw = Buffer.from(markup.buffer, markup.byteOffset + valueStart, i - valueStart).toString('latin1');
    (attributes ??= {})[attribute] = attributeValue(raw);
    i++;
  }
  return { name, attributes: attributes ?? NO_ATTRIBUTES, selfClosing };
}

/** Whether the close tag markup[0, length) ('/name' and spaces) closes an element called `name`. */
export function closes(markup: Uint8Array, length: number, name: string): boolean {
  let end = length;
  while (end > 1 && isSpace(markup[end - 1] as number)) end--;
  if (end - 1 !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (markup[i + 1] !== name.charCodeAt(i)) return false;
  return true;
}
