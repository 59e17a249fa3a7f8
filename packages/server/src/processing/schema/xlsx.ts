// The cells of an Excel workbook (.xlsx: a zip of XML parts), read synchronously as the rest of schema
// processing runs: the zip's central directory, then the workbook, its relationships, the shared strings and
// each sheet, inflated with a bound on what one part and all parts may grow to.
import { inflateRawSync } from 'node:zlib';
import { SaxesParser } from 'saxes';

/** What the parts of one workbook may inflate to, together (a zip bomb stops here). */
const MAX_INFLATED_BYTES = 256 * 1024 ** 2;
const MAX_SHEETS = 256;

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

class WorkbookError extends Error {}

/** The zip's entries by name, from its central directory. */
function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const minimum = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= minimum; at -= 1)
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw new WorkbookError('it is not a zip archive (no central directory)');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50)
      throw new WorkbookError('its zip directory is damaged');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.set(bytes.toString('utf8', at + 46, at + 46 + nameLength), {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Reads parts of one zip, counting what they inflate to. */
function partReader(bytes: Buffer) {
  const entries = zipEntries(bytes);
  let inflated = 0;
  return (name: string): string | undefined => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
      throw new WorkbookError(`its part ${name} is damaged`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + entry.compressedSize);
    const left = MAX_INFLATED_BYTES - inflated;
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch {
        throw new WorkbookError(
          `its part ${name} cannot be inflated or is larger than ${MAX_INFLATED_BYTES} bytes`,
        );
      }
    } else throw new WorkbookError(`its part ${name} uses zip method ${entry.method}`);
    inflated += content.length;
    if (inflated > MAX_INFLATED_BYTES)
      throw new WorkbookError(`it inflates to more than ${MAX_INFLATED_BYTES} bytes`);
    return content.toString('utf8');
  };
}

type OnElement = (name: string, attributes: Record<string, string>) => void;

/** Walks an XML part: element starts with their attributes, text, and element ends. */
function walkXml(
  xml: string,
  handlers: { open?: OnElement; text?: (text: string) => void; close?: (name: string) => void },
) {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => handlers.open?.(tag.name, tag.attributes as Record<string, string>));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('closetag', (tag) => handlers.close?.(tag.name));
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError(`its XML is not well-formed: ${(error as Error).message}`);
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  walkXml(xml, {
    open: (name) => {
      if (localName(name) === 'si') current = '';
      if (localName(name) === 't') inText = true;
    },
    text: (text) => {
      if (inText && current !== undefined) current += text;
    },
    close: (name) => {
      if (localName(name) === 't') inText = false;
      if (localName(name) === 'si') {
        strings.push(current ?? '');
        current = undefined;
      }
    },
  });
  return strings;
}

/** 'B12' → column index 1. */
const columnIndex = (reference: string) => {
  let index = 0;
  for (const char of /^[A-Z]+/.exec(reference)?.[0] ?? '') index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
};

/** A sheet's rows of cell texts (numbers as written, booleans as TRUE/FALSE, strings resolved). */
function sheetRows(xml: string, strings: readonly string[], maxRows: number): string[][] {
  const rows: string[][] = [];
  let row: string[] | undefined;
  let cell: { column: number; type: string } | undefined;
  let value = '';
  let inValue = false;
  walkXml(xml, {
    open: (name, attributes) => {
      const local = localName(name);
      if (local === 'row') {
        if (rows.length >= maxRows) throw new WorkbookError(`a sheet has more than ${maxRows} rows`);
        const number = Number(attributes.r);
        // Empty rows are left out of the XML; keep the table's rows where they were.
        while (Number.isInteger(number) && rows.length < number - 1) rows.push([]);
        row = [];
      } else if (local === 'c' && row) {
        cell = { column: attributes.r ? columnIndex(attributes.r) : row.length, type: attributes.t ?? 'n' };
        value = '';
      } else if ((local === 'v' || local === 't') && cell) inValue = true;
    },
    text: (text) => {
      if (inValue) value += text;
    },
    close: (name) => {
      const local = localName(name);
      if (local === 'v' || local === 't') inValue = false;
      else if (local === 'c' && row && cell) {
        const text =
          cell.type === 's'
            ? (strings[Number(value)] ?? '')
            : cell.type === 'b'
              ? value === '1'
                ? 'TRUE'
                : 'FALSE'
              : value;
        while (row.length < cell.column) row.push('');
        row[cell.column] = text;
        cell = undefined;
      } else if (local === 'row' && row) {
        rows.push(row);
        row = undefined;
      }
    },
  });
  return rows;
}

/** The workbook's sheets in order, by name, each as rows of cell texts; or why it cannot be read. */
export function readWorkbook(bytes: Buffer, maxRows: number): Map<string, string[][]> | string {
  try {
    const part = partReader(bytes);
    const workbook = part('xl/workbook.xml');
    if (workbook === undefined) return 'it is not an Excel workbook (no xl/workbook.xml)';
    const targets = new Map<string, string>();
    walkXml(part('xl/_rels/workbook.xml.rels') ?? '<Relationships/>', {
      open: (name, attributes) => {
        if (localName(name) === 'Relationship' && attributes.Id && attributes.Target)
          targets.set(attributes.Id, attributes.Target.replace(/^\/?(xl\/)?/, 'xl/'));
      },
    });
    const sheets: { name: string; target: string }[] = [];
    walkXml(workbook, {
      open: (name, attributes) => {
        const id = attributes['r:id'];
        if (localName(name) === 'sheet' && attributes.name && id && targets.has(id))
          sheets.push({ name: attributes.name, target: targets.get(id)! });
      },
    });
    if (sheets.length > MAX_SHEETS) return `it has more than ${MAX_SHEETS} sheets`;
    const strings = sharedStrings(part('xl/sharedStrings.xml'));
    const read = new Map<string, string[][]>();
    for (const sheet of sheets) {
      const xml = part(sheet.target);
      if (xml !== undefined) read.set(sheet.name, sheetRows(xml, strings, maxRows));
    }
    return read;
  } catch (error) {
    if (error instanceof WorkbookError) return error.message;
    throw error;
  }
}
