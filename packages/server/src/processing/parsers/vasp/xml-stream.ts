// Streaming walk over an XML document with saxes: the visitor sees each element when it opens and
// when it closes (leaf elements with their text), so callers keep only the values they want and
// never hold a tree of the whole file.
import { SaxesParser } from 'saxes';

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

interface Frame {
  element: XmlElement;
  setCount: number;
  hasChildren: boolean;
}

/** Characters handed to saxes per write: small enough that no large string is built at once. */
const CHUNK_BYTES = 1 << 20;

function keyOf(name: string, attributes: Readonly<Record<string, string>>): string {
  const named = attributes.name;
  return named === undefined ? name : `${name}[${named}]`;
}

function describeOpen(stack: readonly Frame[]): string {
  return stack.map((f) => `<${f.element.name}>`).join(' > ');
}

/** saxes reports 'line:column: message'; say it in words. */
function malformed(label: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const at = /^(\d+):(\d+): ([\s\S]*)$/.exec(message);
  return new Error(
    at
      ? `${label} is not well-formed XML at line ${at[1]}, column ${at[2]}: ${at[3]}`
      : `${label} is not well-formed XML: ${message}`,
  );
}

/**
 * Walks `content` (decoded as latin1, the encoding vasprun.xml declares) and calls the visitor.
 * `label` names the document in error messages. Throws when the XML is malformed or ends before
 * its root element is closed.
 */
export function walkXml(content: Buffer, visitor: XmlVisitor, label: string): void {
  const parser = new SaxesParser({ position: true });
  const stack: Frame[] = [];
  let text = '';
  let rootSeen = false;
  // Errors the visitor throws pass through unchanged; only saxes' own errors mean malformed XML.
  let inVisitor = false;

  parser.on('opentag', (tag) => {
    const parentFrame = stack[stack.length - 1];
    const attributes = tag.attributes as Record<string, string>;
    let setIndex = -1;
    if (parentFrame) {
      parentFrame.hasChildren = true;
      if (tag.name === 'set') setIndex = parentFrame.setCount++;
    }
    const parent = parentFrame?.element;
    const key = keyOf(tag.name, attributes);
    const path = LEAF_NAMES.has(tag.name) ? '' : parent ? `${parent.path}/${key}` : key;
    const element: XmlElement = { name: tag.name, attributes, parent, path, setIndex, line: parser.line };
    stack.push({ element, setCount: 0, hasChildren: false });
    rootSeen = true;
    text = '';
    if (visitor.open) {
      inVisitor = true;
      visitor.open(element);
      inVisitor = false;
    }
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    const frame = stack.pop();
    if (!frame) return;
    const leafText = frame.hasChildren ? undefined : text;
    text = '';
    inVisitor = true;
    visitor.close(frame.element, leafText);
    inVisitor = false;
  });

  try {
    for (let start = 0; start < content.length; start += CHUNK_BYTES) {
      parser.write(content.toString('latin1', start, Math.min(content.length, start + CHUNK_BYTES)));
    }
  } catch (error) {
    if (inVisitor) throw error;
    throw malformed(label, error);
  }
  if (!rootSeen) throw new Error(`${label} is empty: it has no XML element`);
  if (stack.length > 0) {
    const innermost = stack[stack.length - 1] as Frame;
    throw new Error(
      `${label} is truncated: the file ends (line ${parser.line}) inside ${describeOpen(stack)}` +
        ` (<${innermost.element.name}> opened on line ${innermost.element.line})`,
    );
  }
  try {
    parser.close();
  } catch (error) {
    throw malformed(label, error);
  }
}
