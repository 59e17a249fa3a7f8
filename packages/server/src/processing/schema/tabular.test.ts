import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../parsers/archive-schema.ts';
import { applySchema } from './apply.ts';
import { parseTable } from './tabular-files.ts';

const raw = mkdtempSync(join(tmpdir(), 'oasis-tabular-'));
const outside = mkdtempSync(join(tmpdir(), 'oasis-tabular-outside-'));
afterAll(() => {
  rmSync(raw, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
mkdirSync(join(raw, 'runs'));
writeFileSync(
  join(raw, 'runs/ramp.csv'),
  '# instrument log\nTime;Temp C;Pressure\n0;20;1e-6\n60;120;2e-6\n120;220.5;3e-6\n',
);
writeFileSync(join(raw, 'text.csv'), 'Time,Pressure\n0,n/a\n');
writeFileSync(join(outside, 'secret.csv'), 'Time,Temp C,Pressure\n1,2,3\n');
symlinkSync(join(outside, 'secret.csv'), join(raw, 'runs/link.csv'));

const schema = {
  sections: {
    Ramp: {
      base_sections: ['nomad.datamodel.data.EntryData'],
      quantities: {
        data_file: { type: 'str', m_annotations: { tabular_parser: { parsing_options: { comment: '#' } } } },
        time: { type: 'np.float64', shape: ['*'], unit: 's', m_annotations: { tabular: { name: 'Time' } } },
        temperature: {
          type: 'np.float64',
          shape: ['*'],
          unit: 'kelvin',
          m_annotations: { tabular: { name: 'Temp C', unit: 'degC' } },
        },
        start_pressure: { type: 'float', unit: 'mbar', m_annotations: { tabular: { name: 'Pressure' } } },
        operator: { type: 'str', m_annotations: { tabular: { name: 'Operator' } } },
      },
    },
  },
};

const logs: string[] = [];
const apply = (dataFile: string) => {
  logs.length = 0;
  const archive: JsonObject = {
    definitions: schema,
    data: { m_def: '#/definitions/section_definitions/0', data_file: dataFile },
  };
  return applySchema(archive, {
    mainfile: 'runs/ramp.archive.yaml',
    rawRoot: raw,
    log: (_, event) => logs.push(event),
  }).data as JsonObject;
};

describe('the tabular parser (column mode)', () => {
  it("fills the section's annotated quantities from the columns of the file, converting units", () => {
    const data = apply('ramp.csv');
    expect(data.time).toEqual([0, 60, 120]);
    expect(data.temperature).toEqual([293.15, 393.15, 493.65]);
    // A scalar quantity takes the column's first value; values are in the quantity's unit as stored.
    expect(data.start_pressure).toBe(1e-6);
    expect(logs).toEqual(["Ramp.operator: the table ramp.csv has no column 'Operator'"]);
    // The same file named from the upload's root.
    expect(apply('runs/ramp.csv').time).toEqual([0, 60, 120]);
  });

  it('keeps the data as written, with a warning, where a table cannot be read or a column is no numbers', () => {
    expect(apply('missing.csv').time).toBeUndefined();
    expect(logs).toEqual([
      'Ramp.data_file: the table missing.csv is not read: there is no such file in the upload',
    ]);
    expect(apply('../../outside.csv').time).toBeUndefined();
    expect(apply('link.csv').time).toBeUndefined();
    expect(logs[0]).toMatch(/link\.csv is not read: there is no such file/);
    const text = apply('../text.csv');
    expect(text.start_pressure).toBeUndefined();
    expect(logs).toContain("Ramp.start_pressure: the column 'Pressure' of ../text.csv is not all numbers");
  });
});

describe('parseTable', () => {
  it('reads tab, comma and semicolon tables, quoted cells, comments and skipped rows', () => {
    expect(parseTable('a\tb\n1\t2\n', { sep: '\\t' })).toEqual(
      new Map([
        ['a', ['1']],
        ['b', ['2']],
      ]),
    );
    expect(parseTable('title\n"a",b\n"x ""y""",2\n', { skiprows: 1 })).toEqual(
      new Map([
        ['a', ['x "y"']],
        ['b', ['2']],
      ]),
    );
    expect(parseTable('# c\na;b\n1;2\n', { comment: '#' })).toEqual(
      new Map([
        ['a', ['1']],
        ['b', ['2']],
      ]),
    );
    expect(parseTable('# only comments\n', { comment: '#' })).toBe('it has no header row');
  });

  it('keeps a separator and a line break inside quotes in their cell', () => {
    expect(parseTable('name,age\n"Smith, J.",42\n"two\nlines",7\n', {})).toEqual(
      new Map([
        ['name', ['Smith, J.', 'two\nlines']],
        ['age', ['42', '7']],
      ]),
    );
  });

  it('splits by a pattern where the separator is one, as pandas does', () => {
    expect(parseTable('t   T\n0   300.5\n  1  301\n', { sep: '\\s+' })).toEqual(
      new Map([
        ['t', ['0', '1']],
        ['T', ['300.5', '301']],
      ]),
    );
  });
});

const pvd = new URL('../../../../../../shared/samples/eln/examples/data/eln/', import.meta.url);

describe("NOMAD's PVD example", () => {
  it.skipIf(!existsSync(pvd))(
    'fills the evaporation time, pressure and temperature from PVDProcess.csv (skipped without ../shared)',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'oasis-pvd-'));
      try {
        for (const file of ['schema.archive.yaml', 'sample.archive.json', 'PVDProcess.csv'])
          writeFileSync(join(root, file), readFileSync(new URL(file, pvd)));
        const archive = JSON.parse(readFileSync(new URL('sample.archive.json', pvd), 'utf8')) as JsonObject;
        const data = applySchema(archive, {
          mainfile: 'sample.archive.json',
          rawRoot: root,
          log: () => undefined,
        }).data as { processes: { pvd_evaporation: Record<string, number[]> } };
        const evaporation = data.processes.pvd_evaporation;
        const rows =
          readFileSync(new URL('PVDProcess.csv', pvd), 'utf8')
            .split('\n')
            .filter((line) => line.trim() !== '' && !line.startsWith('#')).length - 1;
        expect(evaporation.time).toHaveLength(rows);
        expect(evaporation.time!.slice(0, 2)).toEqual([0, 1]);
        expect(evaporation.chamber_pressure).toHaveLength(rows);
        // 'Substrate PV' is in °C; the quantity is in kelvin.
        expect(evaporation.substrate_temperature![0]).toBeGreaterThan(273);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
