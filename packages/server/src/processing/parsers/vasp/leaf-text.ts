// Character data of one leaf element kept as the file's bytes: most leaves of a vasprun.xml are rows
// of numbers, and reading them straight from the bytes spares a string per row and per number.
import { parseNumber, parseNumbers } from './values.ts';

const INITIAL_BYTES = 256;
/** Significant digits that always fit a double's 53-bit integer exactly (10^15 < 2^53). */
const EXACT_DIGITS = 15;
/** Powers of ten a double holds exactly: m·10^k and m/10^k are then one correctly rounded operation. */
const EXACT_POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

const isSpace = (byte: number): boolean => byte === 32 || byte === 10 || byte === 9 || byte === 13;
const isDigit = (byte: number): boolean => byte >= 48 && byte <= 57;

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replaces the predefined entities and character references of XML text. */
export function decodeEntities(text: string): string {
  return text.replace(
    ENTITY,
    (whole, hex: string | undefined, decimal: string | undefined, name?: string) => {
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      if (decimal !== undefined) return String.fromCodePoint(Number(decimal));
      return NAMED[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

/**
 * The token bytes[start, end) as Number() reads it, computed from the digits when that is exact
 * (Clinger's fast path: at most 15 significant digits and a power of ten up to 22), which is what
 * vasprun's fixed-format numbers are; anything else goes through parseNumber on the decoded token.
 */
function numberAt(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const negative = bytes[i] === 45;
  if (negative || bytes[i] === 43) i++;
  let mantissa = 0;
  let digits = 0;
  let significant = 0;
  let scale = 0;
  let dot = false;
  for (; i < end; i++) {
    const byte = bytes[i] as number;
    if (isDigit(byte)) {
      digits++;
      if (dot) scale--;
      if (mantissa !== 0 || byte !== 48) significant++;
      mantissa = mantissa * 10 + (byte - 48);
    } else if (byte === 46 && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  let exponent = 0;
  if (i < end && (bytes[i] === 101 || bytes[i] === 69)) {
    i++;
    const negativeExponent = bytes[i] === 45;
    if (negativeExponent || bytes[i] === 43) i++;
    const first = i;
    for (; i < end && isDigit(bytes[i] as number) && i - first < 4; i++)
      exponent = exponent * 10 + (bytes[i] as number) - 48;
    if (i === first) i = -1;
    if (negativeExponent) exponent = -exponent;
  }
  const power = exponent + scale;
  if (i !== end || digits === 0 || significant > EXACT_DIGITS || power > 22 || power < -22) {
    return parseNumber(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1'));
  }
  const value =
    power >= 0 ? mantissa * (EXACT_POWERS[power] as number) : mantissa / (EXACT_POWERS[-power] as number);
  return negative ? -value : value;
}

/**
 * A growable byte buffer for the text of the element being read. The walker fills it; the visitor
 * reads it only while it handles the element's close (it is cleared and reused afterwards).
 */
export class LeafText {
  private bytes = Buffer.allocUnsafe(INITIAL_BYTES);
  private length = 0;
  /** Whether the text holds '&' or '\r', which the string needs decoded (entities, line ends). */
  private escaped = false;

  clear(): void {
    this.length = 0;
    this.escaped = false;
  }

  append(chunk: Uint8Array, start: number, end: number, escaped: boolean): void {
    const needed = this.length + end - start;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    // Runs are mostly a row's few bytes: a loop beats making a subarray view to copy from.
    if (end - start > 64) this.bytes.set(chunk.subarray(start, end), this.length);
    else for (let i = start, at = this.length; i < end; i++, at++) this.bytes[at] = chunk[i] as number;
    this.length = needed;
    if (escaped) this.escaped = true;
  }

  /** Whether the text is whitespace only (or empty). */
  blank(): boolean {
    for (let i = 0; i < this.length; i++) if (!isSpace(this.bytes[i] as number)) return false;
    return true;
  }

  /** The text decoded as latin1 (vasprun.xml's declared ISO-8859-1), line ends and entities as XML reads them. */
  string(): string {
    const raw = this.bytes.toString('latin1', 0, this.length);
    return this.escaped ? decodeEntities(raw.replace(/\r\n?/g, '\n')) : raw;
  }

  /** The whitespace-separated numbers of the text, as parseNumbers(this.string()) gives them. */
  numbers(): number[] {
    if (this.escaped) return parseNumbers(this.string());
    const numbers: number[] = [];
    for (let i = this.skipSpace(0); i < this.length;) {
      const end = this.skipToken(i);
      numbers.push(numberAt(this.bytes, i, end));
      i = this.skipSpace(end);
    }
    return numbers;
  }

  /**
   * numbers() written into `target` (as many as fit) for rows that are read and dropped, so that no
   * array is made per row; returns how many numbers the text has. No callback either: a closure per
   * row was most of what reading a row allocated.
   */
  numbersInto(target: Float64Array): number {
    if (this.escaped) {
      const numbers = parseNumbers(this.string());
      target.set(numbers.slice(0, target.length));
      return numbers.length;
    }
    let count = 0;
    for (let i = this.skipSpace(0); i < this.length; count++) {
      const end = this.skipToken(i);
      if (count < target.length) target[count] = numberAt(this.bytes, i, end);
      i = this.skipSpace(end);
    }
    return count;
  }

  private skipSpace(from: number): number {
    let i = from;
    while (i < this.length && isSpace(this.bytes[i] as number)) i++;
    return i;
  }

  private skipToken(from: number): number {
    let i = from;
    while (i < this.length && !isSpace(this.bytes[i] as number)) i++;
    return i;
  }
}
