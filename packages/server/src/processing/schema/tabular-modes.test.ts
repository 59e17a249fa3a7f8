import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { JsonObject } from '../parsers/archive-schema.ts';
import { applySchema } from './apply.ts';
import { readWorkbook } from './xlsx.ts';

const raw = mkdtempSync(join(tmpdir(), 'oasis-tabular-modes-'));
afterAll(() => rmSync(raw, { recursive: true, force: true }));
mkdirSync(join(raw, 'lab'));
writeFileSync(
  join(raw, 'lab/substances.csv'),
  'Name,Mass (mg),Purity\nZnSe,12.5,0.99\nCuSe,,0.95\nSnSe,7,n/a\n',
);

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
const workbookParts: Record<string, string> = {
  'xl/workbook.xml': xml(
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Notes" sheetId="1" r:id="rId1"/><sheet name="Ramp" sheetId="2" r:id="rId2"/></sheets></workbook>',
  ),
  'xl/_rels/workbook.xml.rels': xml(
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
  ),
  'xl/sharedStrings.xml': xml(
    '<sst><si><t>Time</t></si><si><t>Temp C</t></si><si><r><t>Oper</t></r><r><t>ator</t></r></si><si><t>Ada</t></si></sst>',
  ),
  'xl/worksheets/sheet1.xml': xml(
    '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Remark</t></is></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><t>after an empty row</t></is></c></row></sheetData></worksheet>',
  ),
  // C2 is a shared string, B3 a formula's cached value; the first sheet's row 2 is missing (an empty row).
  'xl/worksheets/sheet2.xml': xml(
    '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
      '<row r="2"><c r="A2"><v>0</v></c><c r="B2"><v>20</v></c><c r="C2" t="s"><v>3</v></c></row>' +
      '<row r="3"><c r="A3"><v>60</v></c><c r="B3"><f>B2+100</f><v>120</v></c></row></sheetData></worksheet>',
  ),
};

const zipOf = (parts: Record<string, string | Buffer>) =>
  new Promise<Buffer>((resolve, reject) => {
    const zip = new ZipFile();
    for (const [name, content] of Object.entries(parts))
      zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });

beforeAll(async () => {
  writeFileSync(join(raw, 'lab/ramp.xlsx'), await zipOf(workbookParts));
});

const schema = {
  sections: {
    Substance: {
      quantities: {
        name: { type: 'str', m_annotations: { tabular: { name: 'Name' } } },
        mass: { type: 'float', unit: 'kg', m_annotations: { tabular: { name: 'Mass (mg)', unit: 'mg' } } },
        purity: { type: 'float', m_annotations: { tabular: { name: 'Purity' } } },
      },
    },
    Ramp: {
      quantities: {
        time: { type: 'float', shape: ['*'], unit: 's', m_annotations: { tabular: { name: 'Ramp/Time' } } },
        temperature: {
          type: 'float',
          shape: ['*'],
          unit: 'K',
          m_annotations: { tabular: { name: 'Ramp/Temp C', unit: 'degC' } },
        },
        operator: { type: 'str', m_annotations: { tabular: { name: 'Ramp/Operator' } } },
        remark: { type: 'str', m_annotations: { tabular: { name: 'Remark' } } },
      },
    },
    Synthesis: {
      base_sections: ['nomad.datamodel.data.EntryData'],
      quantities: {
        substances_file: {
          type: 'str',
          m_annotations: {
            tabular_parser: {
              mapping_options: [
                { mapping_mode: 'row', file_mode: 'current_entry', sections: ['substances'] },
              ],
            },
          },
        },
        legacy_file: {
          type: 'str',
          m_annotations: { tabular_parser: { mode: 'row', target_sub_section: ['legacy'] } },
        },
        ramp_file: {
          type: 'str',
          m_annotations: {
            tabular_parser: { mapping_options: [{ mapping_mode: 'column', sections: ['steps/ramp'] }] },
          },
        },
        entries_file: {
          type: 'str',
          m_annotations: {
            tabular_parser: {
              mapping_options: [
                { mapping_mode: 'row', file_mode: 'multiple_new_entries', sections: ['#root'] },
              ],
            },
          },
        },
      },
      sub_sections: {
        substances: { section: 'Substance', repeats: true },
        legacy: { section: 'Substance', repeats: true },
        steps: { section: { sub_sections: { ramp: { section: 'Ramp' } } } },
      },
    },
  },
};

const logs: string[] = [];
const apply = (data: JsonObject) => {
  logs.length = 0;
  return applySchema(
    { definitions: schema, data: { m_def: '#/definitions/section_definitions/2', ...data } },
    { mainfile: 'lab/synthesis.archive.yaml', rawRoot: raw, log: (_, event) => logs.push(event) },
  ).data as JsonObject;
};

describe('the tabular parser, row mode', () => {
  it('makes an item of the repeating sub-section per row, converting units and leaving empty cells out', () => {
    const data = apply({ substances_file: 'substances.csv' });
    expect(data.substances).toEqual([
      { name: 'ZnSe', mass: expect.closeTo(1.25e-5, 15), purity: 0.99 },
      { name: 'CuSe', purity: 0.95 },
      { name: 'SnSe', mass: expect.closeTo(7e-6, 15) },
    ]);
    expect(logs).toEqual(["Substance.purity: row 3 of substances.csv is not a number: 'n/a'"]);
  });

  it("takes NOMAD 1.1's mode and target_sub_section", () => {
    const data = apply({ legacy_file: 'substances.csv' });
    expect((data.legacy as JsonObject[]).map((item) => item.name)).toEqual(['ZnSe', 'CuSe', 'SnSe']);
  });

  it('names what it does not do: entries made from a table', () => {
    const data = apply({ entries_file: 'substances.csv' });
    expect(data.substances).toBeUndefined();
    expect(logs).toEqual([
      'Synthesis.entries_file: file_mode multiple_new_entries (entries made from a table) is not supported; use current_entry',
    ]);
  });
});

describe('the tabular parser, column mode into sub-sections, from an Excel workbook', () => {
  it("fills a nested sub-section from a sheet's columns, made where the data has none", () => {
    const data = apply({ ramp_file: 'ramp.xlsx' });
    const ramp = (data.steps as JsonObject).ramp as JsonObject;
    expect(ramp.time).toEqual([0, 60]);
    expect(ramp.temperature).toEqual([293.15, 393.15]);
    expect(ramp.operator).toBe('Ada');
    // A bare name is looked up in the first sheet, the only one a text table has.
    expect(ramp.remark).toBe('after an empty row');
    expect(logs).toEqual([]);
  });
});

describe('readWorkbook', () => {
  it('reads the sheets in order with their rows where the sheet put them', async () => {
    const sheets = readWorkbook(await zipOf(workbookParts), 100);
    expect(sheets).toEqual(
      new Map([
        ['Notes', [['Remark'], [], ['after an empty row']]],
        [
          'Ramp',
          [
            ['Time', 'Temp C', 'Operator'],
            ['0', '20', 'Ada'],
            ['60', '120'],
          ],
        ],
      ]),
    );
  });

  it('refuses damaged workbooks, too many rows and parts that inflate beyond the bound', async () => {
    expect(readWorkbook(Buffer.from('PK not really'), 10)).toMatch(/not a zip archive/);
    expect(readWorkbook(await zipOf({ 'readme.txt': 'x' }), 10)).toBe(
      'it is not an Excel workbook (no xl/workbook.xml)',
    );
    expect(
      readWorkbook(await zipOf({ ...workbookParts, 'xl/worksheets/sheet2.xml': '<worksheet><row' }), 10),
    ).toMatch(/its XML is not well-formed/);
    expect(readWorkbook(await zipOf(workbookParts), 2)).toBe('a sheet has more than 2 rows');
    // 300 MB of one repeated byte compress to a few hundred kB; the reader stops at its bound.
    const bomb = await zipOf({ ...workbookParts, 'xl/sharedStrings.xml': Buffer.alloc(300 * 1024 ** 2, 32) });
    expect(bomb.length).toBeLessThan(2 * 1024 ** 2);
    expect(readWorkbook(bomb, 10)).toMatch(/cannot be inflated or is larger than/);
    // A directory that understates the part's size changes nothing: what it inflates to is what counts.
    const lying = Buffer.from(bomb);
    const name = lying.lastIndexOf('xl/sharedStrings.xml');
    expect(lying.readUInt32LE(name - 46)).toBe(0x02014b50);
    lying.writeUInt32LE(10, name - 46 + 24);
    expect(readWorkbook(lying, 10)).toBe(
      `its part xl/sharedStrings.xml cannot be inflated or is larger than ${256 * 1024 ** 2} bytes`,
    );
  });
});
