// Streaming walk over an XML document read from its bytes, chunk by chunk: the visitor sees each
// element when it opens and when it closes (leaf elements with their text), so callers keep only the
// values they want and never hold a tree, the whole file or even a decoded chunk of it. A general
// SAX parser (saxes) made a string of every chunk, tag name, attribute and text run: for a 50 MB
// vasprun.xml that garbage, not the data kept, was most of the parse's memory.
import { LeafText } from './leaf-text.ts';
import { closes, endsMarkup, GT, kindOf, LT, NameTable, readOpenTag } from './xml-markup.ts';

/** Leaf elements of vasprun.xml: they never have children, so they need no path of their own. */
const LEAF_NAMES: ReadonlySet<string> = new Set(['i', 'v', 'r', 'c', 'time', 'field', 'dimension']);

export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  parent: XmlElement | undefined;
  /**
   * Slash-joined keys from the root, a key being the tag name plus '[name]' when the element has a
   * name attribute ('modeling/calculation/varray[forces]'). Empty for leaf elements (i, v, r, c ...).
   */
  path: string;
  /** Position among the parent's <set> children (0-based); -1 for other elements. */
  setIndex: number;
  /** Line where the element starts (1-based), for error messages. */
  line: number;
}

export interface XmlVisitor {
  open?: (element: XmlElement) => void;
  /** `text` is the element's character data when it had no child elements, else undefined. */
  close: (element: XmlElement, text: string | undefined) => void;
}

/** Like XmlVisitor, with a leaf's text as bytes to read during the call (numbers need no string). */
export interface XmlBytesVisitor {
  open?: (element: XmlElement) => void;
  close: (element: XmlElement, text: LeafText | undefined) => void;
}

function keyOf(name: string, attributes: Readonly<Record<string, string>>): string {
  const named = attributes.name;
  return named === undefined ? name : `${name}[${named}]`;
}

const CDATA_PREFIX_BYTES = 8;
const AMPERSAND = Buffer.from('&amp;', 'latin1');

/**
 * Feeds a document's bytes, in chunks of any size, to a visitor. `label` names the document in error
 * messages; malformed XML, an empty document and one that ends inside an element throw.
 */
export class XmlWalker {
  // Open elements, with their count of <set> children and whether they have children, side by side
  // rather than in an object per element.
  private readonly stack: XmlElement[] = [];
  private readonly setCounts: number[] = [];
  private readonly hasChildren: boolean[] = [];
  /** Text goes into `text` only between an open tag and the next tag: text after a child is never used. */
  private collecting = true;
  private readonly names = new NameTable();
  private readonly text = new LeafText();
  private markup = Buffer.allocUnsafe(256);
  private markupLength = 0;
  /** Inside markup ('<' seen, its end not yet). */
  private inMarkup = false;
  private quote = 0;
  private rootSeen = false;
  private rootClosed = false;
  /** Bytes of the document before the current chunk, and the offset where the current line starts. */
  private offset = 0;
  private lineStart = 0;
  private line = 1;

  constructor(
    private readonly visitor: XmlBytesVisitor,
    private readonly label: string,
  ) {}

  write(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.inMarkup) {
        i = this.readMarkup(chunk, i);
      } else {
        let escaped = false;
        const start = i;
        for (; i < n; i++) {
          const byte = chunk[i] as number;
          if (byte === LT) break;
          if (byte === 10) {
            this.line++;
            this.lineStart = this.offset + i + 1;
          } else if (byte === 38 || byte === 13) {
            escaped = true;
          }
        }
        if (i > start && this.collecting) this.text.append(chunk, start, i, escaped);
        if (i < n) {
          // Reported where the text ends, as saxes did.
          if (this.stack.length === 0) this.checkOutsideText(this.offset + i + 1);
          this.inMarkup = true;
          this.markupLength = 0;
          this.quote = 0;
          i++;
        }
      }
    }
    this.offset += n;
  }

  /** True when the document so far has a root and some elements are still open (a cut-off file). */
  get truncated(): boolean {
    return this.rootSeen && this.stack.length > 0;
  }

  end(): void {
    if (!this.rootSeen) throw new Error(`${this.label} is empty: it has no XML element`);
    const { stack } = this;
    if (stack.length > 0) {
      const innermost = stack[stack.length - 1] as XmlElement;
      const open = stack.map((element) => `<${element.name}>`).join(' > ');
      throw new Error(
        `${this.label} is truncated: the file ends (line ${this.line}) inside ${open}` +
          ` (<${innermost.name}> opened on line ${innermost.line})`,
      );
    }
    if (this.inMarkup) this.fail(this.offset, 'unexpected end of document.');
    this.checkOutsideText(this.offset);
  }

  /** Collects markup bytes up to its end ('>'), handles it, and returns where reading goes on. */
  private readMarkup(chunk: Uint8Array, from: number): number {
    const n = chunk.length;
    for (let i = from; i < n; i++) {
      const byte = chunk[i] as number;
      if (this.markupLength === this.markup.length) {
        const grown = Buffer.allocUnsafe(this.markup.length * 2);
        this.markup.copy(grown);
        this.markup = grown;
      }
      this.markup[this.markupLength++] = byte;
      if (byte === 10) {
        this.line++;
        this.lineStart = this.offset + i + 1;
      } else if (byte === 34 || byte === 39) {
        if (this.quote === 0) this.quote = byte;
        else if (this.quote === byte) this.quote = 0;
      } else if (byte === GT && endsMarkup(this.markup, this.markupLength, this.quote !== 0)) {
        this.inMarkup = false;
        this.handleMarkup(this.offset + i + 1);
        return i + 1;
      }
    }
    return n;
  }

  /** `at`: document offset just after the markup's '>'. */
  private handleMarkup(at: number): void {
    const { markup } = this;
    // Without the closing '>'.
    const length = this.markupLength - 1;
    switch (kindOf(markup, length)) {
      case 'open': {
        const tag = readOpenTag(markup, length, this.names);
        if (typeof tag === 'string') this.fail(at, tag);
        this.open(tag.name, tag.attributes, at);
        if (tag.selfClosing) this.close();
        return;
      }
      case 'close': {
        const element = this.stack[this.stack.length - 1];
        if (!element || !closes(markup, length, element.name)) this.fail(at, 'unexpected close tag.');
        this.close();
        return;
      }
      case 'cdata':
        if (!this.collecting) return;
        // CDATA is literal text: escape its '&' so that the text's entity decoding leaves it as it is.
        for (let i = CDATA_PREFIX_BYTES, start = i; i <= length - 2; i++) {
          if (i === length - 2 || markup[i] === 38) {
            this.text.append(markup, start, i, false);
            if (i < length - 2) this.text.append(AMPERSAND, 0, AMPERSAND.length, true);
            start = i + 1;
          }
        }
        return;
      default:
        // Comments, processing instructions (the XML declaration) and declarations carry no values.
        return;
    }
  }

  private open(name: string, attributes: Readonly<Record<string, string>>, at: number): void {
    const { stack } = this;
    const depth = stack.length;
    const parent = stack[depth - 1];
    if (!parent && this.rootClosed) this.fail(at, 'documents may contain only one root.');
    let setIndex = -1;
    if (parent) {
      this.hasChildren[depth - 1] = true;
      if (name === 'set') {
        setIndex = this.setCounts[depth - 1] as number;
        this.setCounts[depth - 1] = setIndex + 1;
      }
    }
    const path = LEAF_NAMES.has(name)
      ? ''
      : parent
        ? `${parent.path}/${keyOf(name, attributes)}`
        : keyOf(name, attributes);
    const element: XmlElement = { name, attributes, parent, path, setIndex, line: this.line };
    stack.push(element);
    this.setCounts[depth] = 0;
    this.hasChildren[depth] = false;
    this.rootSeen = true;
    this.text.clear();
    this.collecting = true;
    this.visitor.open?.(element);
  }

  private close(): void {
    const element = this.stack.pop() as XmlElement;
    const depth = this.stack.length;
    this.visitor.close(element, this.hasChildren[depth] ? undefined : this.text);
    this.text.clear();
    // Outside the root, text is collected again to check that it is blank.
    this.collecting = depth === 0;
    if (depth === 0) this.rootClosed = true;
  }

  /** Outside the root element only whitespace may stand between markup. */
  private checkOutsideText(at: number): void {
    if (this.stack.length === 0 && !this.text.blank()) this.fail(at, 'text data outside of root node.');
    this.text.clear();
  }

  private fail(at: number, problem: string): never {
    throw new Error(
      `${this.label} is not well-formed XML at line ${this.line}, column ${at - this.lineStart}: ${problem}`,
    );
  }
}

/** Walks a whole document held in memory, giving leaves their text as strings. */
export function walkXml(content: Buffer, visitor: XmlVisitor, label: string): void {
  const walker = new XmlWalker(
    {
      ...(visitor.open ? { open: visitor.open } : {}),
      close: (element, text) => visitor.close(element, text?.string()),
    },
    label,
  );
  walker.write(content);
  walker.end();
}
