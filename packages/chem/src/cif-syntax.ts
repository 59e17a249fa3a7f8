// CIF 1.1 syntax: data blocks made of tag/value items and loops. Only what structure files use;
// save frames are flattened into their block and CIF 2 lists/tables are not supported.

export interface CifValue {
  text: string;
  /** Quoted and text-field values are never the '?'/'.' placeholders. */
  quoted: boolean;
}

export interface CifLoop {
  /** Normalised tags (see `normaliseTag`). */
  tags: string[];
  rows: CifValue[][];
}

export interface CifBlock {
  name: string;
  items: Map<string, CifValue>;
  loops: CifLoop[];
  /** Syntax problems that did not stop reading (e.g. a loop with a ragged last row). */
  warnings: string[];
}

interface Token extends CifValue {
  line: number;
}

/**
 * Tags are case-insensitive; mmCIF/DDLm spell categories with a dot (`_cell.length_a`) where
 * CIF 1 uses an underscore (`_cell_length_a`), so both forms are folded to the latter.
 */
function normaliseTag(tag: string): string {
  return tag.toLowerCase().replace(/\./g, '_');
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith(';')) {
      // Text field: runs until the next line starting with ';'.
      const parts = [line.slice(1)];
      const start = i + 1;
      i++;
      while (i < lines.length && !(lines[i] ?? '').startsWith(';')) {
        parts.push(lines[i] ?? '');
        i++;
      }
      if (i >= lines.length) throw new Error(`CIF text field starting on line ${start} is not closed`);
      tokens.push({
        text: parts.join('\n').replace(/^\n/, '').replace(/\n$/, ''),
        quoted: true,
        line: start,
      });
      // Anything after the closing ';' on the same line is ordinary content.
      tokenizeLine((lines[i] ?? '').slice(1), i + 1, tokens);
      continue;
    }
    tokenizeLine(line, i + 1, tokens);
  }
  return tokens;
}

function tokenizeLine(line: string, lineNo: number, tokens: Token[]): void {
  let pos = 0;
  const n = line.length;
  while (pos < n) {
    const ch = line[pos] ?? '';
    if (/\s/.test(ch)) {
      pos++;
      continue;
    }
    if (ch === '#') return;
    if (ch === "'" || ch === '"') {
      // A quote only closes when followed by whitespace or the end of the line, so "O'Brien"-style
      // apostrophes inside values survive.
      let end = pos + 1;
      while (end < n && !(line[end] === ch && (end + 1 >= n || /\s/.test(line[end + 1] ?? '')))) end++;
      if (end >= n) throw new Error(`CIF line ${lineNo}: quoted value is not closed`);
      tokens.push({ text: line.slice(pos + 1, end), quoted: true, line: lineNo });
      pos = end + 1;
      continue;
    }
    let end = pos;
    while (end < n && !/\s/.test(line[end] ?? '')) end++;
    tokens.push({ text: line.slice(pos, end), quoted: false, line: lineNo });
    pos = end;
  }
}

function keyword(token: Token): 'data' | 'loop' | 'save' | 'global' | 'stop' | 'tag' | undefined {
  if (token.quoted) return undefined;
  const lower = token.text.toLowerCase();
  if (lower.startsWith('data_')) return 'data';
  if (lower === 'loop_') return 'loop';
  if (lower.startsWith('save_')) return 'save';
  if (lower === 'global_') return 'global';
  if (lower === 'stop_') return 'stop';
  if (lower.startsWith('_')) return 'tag';
  return undefined;
}

/** Reads all data blocks of a CIF text. Throws with the line number on malformed syntax. */
export function readCifBlocks(text: string): CifBlock[] {
  const tokens = tokenize(text);
  const blocks: CifBlock[] = [];
  let block: CifBlock | undefined;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    const kind = keyword(token);
    if (kind === 'data') {
      block = { name: token.text.slice(5), items: new Map(), loops: [], warnings: [] };
      blocks.push(block);
      i++;
      continue;
    }
    if (kind === 'save' || kind === 'global' || kind === 'stop') {
      i++;
      continue;
    }
    if (!block) throw new Error(`CIF line ${token.line}: content before the first data_ block`);
    if (kind === 'loop') {
      i = readLoop(tokens, i + 1, block);
      continue;
    }
    if (kind === 'tag') {
      const value = tokens[i + 1];
      if (!value || keyword(value) !== undefined) {
        throw new Error(`CIF line ${token.line}: tag ${token.text} has no value`);
      }
      block.items.set(normaliseTag(token.text), { text: value.text, quoted: value.quoted });
      i += 2;
      continue;
    }
    throw new Error(`CIF line ${token.line}: unexpected value '${token.text}' without a tag`);
  }
  return blocks;
}

function readLoop(tokens: Token[], start: number, block: CifBlock): number {
  let i = start;
  const tags: string[] = [];
  while (i < tokens.length && keyword(tokens[i] as Token) === 'tag') {
    tags.push(normaliseTag((tokens[i] as Token).text));
    i++;
  }
  const values: CifValue[] = [];
  while (i < tokens.length && keyword(tokens[i] as Token) === undefined) {
    const t = tokens[i] as Token;
    values.push({ text: t.text, quoted: t.quoted });
    i++;
  }
  if (tags.length === 0) {
    block.warnings.push('CIF loop_ without tags ignored');
    return i;
  }
  const rows: CifValue[][] = [];
  for (let r = 0; r + tags.length <= values.length; r += tags.length)
    rows.push(values.slice(r, r + tags.length));
  if (values.length % tags.length !== 0) {
    block.warnings.push(
      `CIF loop with ${tags[0]} has ${values.length} values for ${tags.length} columns; incomplete last row ignored`,
    );
  }
  block.loops.push({ tags, rows });
  return i;
}

/** True for the CIF placeholders '?' (unknown) and '.' (not applicable). */
function isMissing(value: CifValue | undefined): boolean {
  return value === undefined || (!value.quoted && (value.text === '?' || value.text === '.'));
}

/** Numeric value with the standard uncertainty dropped ('1.234(5)' -> 1.234); undefined if missing. */
export function cifNumber(value: CifValue | undefined): number | undefined {
  if (value === undefined || isMissing(value)) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(?:\(\d+\))?\s*$/.exec(value.text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Text value, or undefined for the missing placeholders. */
export function cifText(value: CifValue | undefined): string | undefined {
  return value === undefined || isMissing(value) ? undefined : value.text;
}

/** Finds the loop holding the given tag, if any. */
export function findLoop(block: CifBlock, tag: string): CifLoop | undefined {
  return block.loops.find((loop) => loop.tags.includes(tag));
}

/** All values of a tag, whether given as a single item or as a loop column. */
export function columnValues(block: CifBlock, tag: string): CifValue[] {
  const item = block.items.get(tag);
  if (item) return [item];
  const loop = findLoop(block, tag);
  if (!loop) return [];
  const index = loop.tags.indexOf(tag);
  return loop.rows.map((row) => row[index] as CifValue);
}

/** First present value of the first tag that the block defines. */
export function firstValue(block: CifBlock, tags: readonly string[]): CifValue | undefined {
  for (const tag of tags) {
    const values = columnValues(block, tag);
    const found = values.find((v) => !isMissing(v));
    if (found) return found;
  }
  return undefined;
}
