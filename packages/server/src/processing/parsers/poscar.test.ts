import { cellVolume } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../matching.ts';
import { parseMainfile } from '../pipeline.ts';
import { poscarParser } from './poscar.ts';
import { readPoscar, speciesSymbol } from './poscar-read.ts';

const A3 = 1e-30;

// fcc Cu primitive cell: V = a^3 / 4 = 3.6^3 / 4 = 11.664 Å^3.
const CU = `Cu fcc primitive
3.6
0.0 0.5 0.5
0.5 0.0 0.5
0.5 0.5 0.0
Cu
1
Direct
0 0 0
`;

const SLAB = `TiO2 test with selective dynamics
2.0
2 0 0
0 2 0
0 0 5
Ti_pv O
1 2
Selective dynamics
Cartesian
0 0 0 F F F
1 1 1 T T T
0.5 0.5 0.5 T F T
`;

describe('readPoscar', () => {
  it('reads a VASP 5 file in direct coordinates', () => {
    const p = readPoscar(CU);
    expect(p.comment).toBe('Cu fcc primitive');
    expect(p.types).toEqual(['Cu']);
    expect(p.structure.species).toEqual(['Cu']);
    expect(cellVolume(p.structure.lattice!) / A3).toBeCloseTo(11.664, 10);
    expect(p.structure.lattice![0]).toEqual([0, 1.8e-10, 1.8e-10]);
    expect(p.structure.periodic).toEqual([true, true, true]);
    expect(p.selectiveDynamics).toBeUndefined();
  });

  it('treats a negative scaling factor as the cell volume', () => {
    const p = readPoscar(CU.replace('\n3.6\n', '\n-11.664\n').replace(/0\.5/g, '1.0'));
    // Raw cell volume 2; scaled to 11.664 Å^3, i.e. the same cell as the 3.6 Å file.
    expect(cellVolume(p.structure.lattice!) / A3).toBeCloseTo(11.664, 10);
    expect(p.structure.lattice![1][0]! / 1e-10).toBeCloseTo(1.8, 12);
  });

  it('scales Cartesian positions and reads selective dynamics and POTCAR-style names', () => {
    const p = readPoscar(SLAB);
    expect(p.coordinates).toBe('cartesian');
    expect(p.types).toEqual(['Ti', 'O']);
    expect(p.structure.species).toEqual(['Ti', 'O', 'O']);
    // Cartesian positions are multiplied by the scaling factor 2: (1,1,1) -> (2,2,2) Å.
    expect(p.structure.positions[1]).toEqual([2e-10, 2e-10, 2e-10]);
    expect(p.structure.positions[2]).toEqual([1e-10, 1e-10, 1e-10]);
    expect(cellVolume(p.structure.lattice!) / A3).toBeCloseTo(4 * 4 * 10, 10);
    expect(p.selectiveDynamics).toEqual([
      [false, false, false],
      [true, true, true],
      [true, false, true],
    ]);
  });

  it('applies three scaling factors per Cartesian axis', () => {
    const p = readPoscar(SLAB.replace('\n2.0\n', '\n1 2 3\n'));
    expect(p.structure.lattice).toEqual([
      [2e-10, 0, 0],
      [0, 4e-10, 0],
      [0, 0, 15e-10],
    ]);
    expect(p.structure.positions[1]).toEqual([1e-10, 2e-10, 3e-10]);
  });

  it('converts direct coordinates with the scaled lattice', () => {
    const p = readPoscar(
      SLAB.replace('Cartesian', 'Direct').replace('0.5 0.5 0.5 T F T', '0.5 0.25 0.1 T F T'),
    );
    // Lattice diag(4, 4, 10) Å: (0.5, 0.25, 0.1) -> (2, 1, 1) Å.
    const [x, y, z] = p.structure.positions[2]!;
    expect(x).toBeCloseTo(2e-10, 22);
    expect(y).toBeCloseTo(1e-10, 22);
    expect(z).toBeCloseTo(1e-10, 22);
  });

  it('takes VASP 4 species from the comment line', () => {
    const vasp4 = SLAB.replace('Ti_pv O\n', '');
    expect(readPoscar(vasp4.replace('TiO2 test with selective dynamics', 'Ti O')).types).toEqual(['Ti', 'O']);
    expect(readPoscar(vasp4.replace('TiO2 test with selective dynamics', 'TiO2')).types).toEqual(['Ti', 'O']);
    expect(readPoscar(vasp4.replace('TiO2 test with selective dynamics', 'Ti1 O2')).typesFrom).toBe(
      'comment',
    );
    expect(() => readPoscar(vasp4)).toThrow(/no species line \(VASP 4 format\).*does not name 2 element/);
  });

  it('reports malformed files with line numbers', () => {
    expect(() => readPoscar('')).toThrow('POSCAR file is empty');
    expect(() => readPoscar(CU.replace('0.5 0.0 0.5', '0.5 abc 0.5'))).toThrow(
      /line 4: expected lattice vector 2/,
    );
    expect(() => readPoscar(CU.replace('\n3.6\n', '\nscale\n'))).toThrow(
      /line 2: expected the scaling factor/,
    );
    expect(() => readPoscar(CU.replace('\n3.6\n', '\n0\n'))).toThrow(/line 2: the scaling factor is zero/);
    expect(() => readPoscar(CU.replace('Cu\n1\n', 'Cu Zn\n1\n'))).toThrow(
      /line 7: 2 species names \(line 6\) but 1 atom counts/,
    );
    expect(() => readPoscar(CU.replace('Cu\n1\n', 'Qq\n1\n'))).toThrow(
      /line 6: 'Qq' is not a chemical element symbol/,
    );
    expect(() => readPoscar(CU.replace('Cu\n1\n', 'Cu\n2\n'))).toThrow(
      /declares 2 atoms but has only 1 position lines/,
    );
    expect(() => readPoscar(CU.replace('0 0 0\n', '0 0 x\n'))).toThrow(/line 9: expected three coordinates/);
    // a = b + c: the three vectors lie in one plane.
    expect(() => readPoscar(CU.replace('0.0 0.5 0.5', '1.0 0.5 0.5'))).toThrow(/linearly dependent/);
    expect(() => readPoscar(SLAB.replace('1 1 1 T T T', '1 1 1 T T'))).toThrow(
      /line 11: expected three T\/F/,
    );
    expect(() => readPoscar(CU.replace('Direct\n', '\n'))).toThrow(
      /line 8: expected 'Direct' or 'Cartesian'/,
    );
  });

  it('reads element symbols from species names', () => {
    expect(speciesSymbol('Fe_pv')).toBe('Fe');
    expect(speciesSymbol('Si/3c4b1f9a')).toBe('Si');
    expect(speciesSymbol('SI')).toBe('Si');
    expect(speciesSymbol('O1')).toBe('O');
    expect(speciesSymbol('H1.25')).toBe('H');
    expect(speciesSymbol('Cx')).toBeUndefined();
  });
});

describe('poscarParser', () => {
  it('claims POSCAR/CONTCAR names and checks the head', () => {
    const head = Buffer.from(CU);
    const match = (path: string, content = head): string | undefined =>
      matchParser(path, content, [poscarParser])?.name;
    for (const path of [
      'POSCAR',
      'a/b/CONTCAR',
      'NaCl.CONTCAR',
      'POSCAR_relaxed',
      'x/y.vasp',
      'Cu.poscar',
      'contcar',
    ]) {
      expect(match(path)).toBe('parsers/poscar');
    }
    expect(match('OUTCAR')).toBeUndefined();
    expect(match('POSCAR/notes.txt')).toBeUndefined();
    expect(match('vasprun.xml')).toBeUndefined();
    expect(match('POSCAR', Buffer.from('just some text\nwith lines\n'))).toBeUndefined();
    // Three scaling factors are still a POSCAR head.
    expect(match('POSCAR', Buffer.from(SLAB.replace('\n2.0\n', '\n1 2 3\n')))).toBe('parsers/poscar');
  });

  it('produces a structure entry without a run through the pipeline', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/upload/TiO2/POSCAR',
      relativePath: 'TiO2/POSCAR',
      uploadId: 'u1',
      parser: poscarParser,
      content: Buffer.from(SLAB),
    });
    expect(result.ok).toBe(true);
    expect(result.archive.run).toBeUndefined();
    expect(result.archive.metadata).toMatchObject({ entry_type: 'POSCAR', parser_name: 'parsers/poscar' });
    expect(result.archive.results).toMatchObject({
      material: { chemical_formula_hill: 'O2Ti', elements: ['O', 'Ti'] },
    });
  });

  it('fails the entry with the parse error', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/POSCAR',
      relativePath: 'POSCAR',
      uploadId: 'u1',
      parser: poscarParser,
      content: Buffer.from(CU.replace('Cu\n1\n', 'Cu\n3\n')),
    });
    expect(result.ok).toBe(false);
    expect(result.errors[0]).toMatch(/parser failed: POSCAR declares 3 atoms/);
  });
});

const samples = fileURLToPath(new URL('../../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`POSCAR sample tests skipped: ${samples} is absent (shared workspace files)`);

describe.skipIf(!available)('POSCAR samples', () => {
  it('NaCl.CONTCAR: 8 atoms of rock salt in a 5.651 Å cube', () => {
    const text = readFileSync(join(samples, 'structures', 'NaCl.CONTCAR'), 'utf8');
    expect(matchParser('structures/NaCl.CONTCAR', Buffer.from(text), [poscarParser])?.name).toBe(
      'parsers/poscar',
    );
    const p = readPoscar(text);
    expect(p.structure.species).toEqual(['Na', 'Na', 'Na', 'Na', 'Cl', 'Cl', 'Cl', 'Cl']);
    // V = 5.6509993866104518^3 = 180.457850687 Å^3 (computed by hand with Python).
    expect(cellVolume(p.structure.lattice!) / A3).toBeCloseTo(180.457850687, 6);
    // First Na at (0.5, 0, 0.5) direct -> (2.8255, 0, 2.8255) Å.
    expect(p.structure.positions[0]![0] / 1e-10).toBeCloseTo(2.8254996933, 9);
    expect(p.structure.positions[0]![1]).toBe(0);
  });
});
