import { HARTREE } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../matching.ts';
import { parseMainfile } from '../pipeline.ts';
import { xyzParser } from './xyz.ts';
import { readExtxyzComment, readXyz, readXyzText, symbolOf } from './xyz-read.ts';

const WATER = `3
water molecule
O  0.000  0.000 0.0
H  0.757  0.586 0.0
H -0.757  0.586 0.0
`;

const EXTXYZ = `2
Lattice="4.0 0.0 0.0 0.0 4.0 0.0 0.0 0.0 10.0" Properties=species:S:1:pos:R:3:forces:R:3 energy=-10.5 pbc="T T F"
Na 0.0 0.0 0.0 0.5 0.0 0.0
Cl 2.0 2.0 2.0 -0.5 0.0 0.0

2
Lattice="4.0 0.0 0.0 0.0 4.0 0.0 0.0 0.0 10.0" Properties=species:S:1:pos:R:3:forces:R:3 energy=-10.75 pbc="T T F"
Na 0.1 0.0 0.0 0.25 0.0 0.0
Cl 2.0 2.0 2.0 -0.25 0.0 0.0
`;

const CP2K = `       2
 i =        0, time =        0.000, E =       -2.0000000000
 Si         0.0000000000        0.0000000000        0.0000000000
 Si         1.3576744000        1.3576744000        1.3576744000
       2
 i =        1, time =        0.500, E =       -2.5000000000
 Si         0.0016383385       -0.0001721499       -0.0006238612
 Si         1.3577499527        1.3579175611        1.3598641839
`;

describe('readXyz', () => {
  it('reads a plain single-frame file', () => {
    const [frame, ...rest] = readXyz(WATER);
    expect(rest).toHaveLength(0);
    expect(frame?.comment).toBe('water molecule');
    expect(frame?.species).toEqual(['O', 'H', 'H']);
    expect(frame?.positions[1]).toEqual([0.757, 0.586, 0]);
    expect(frame?.lattice).toBeUndefined();
    expect(frame?.periodic).toEqual([false, false, false]);
    expect(frame?.energy).toBeUndefined();
  });

  it('reads extended XYZ lattice, pbc, energy (eV) and forces', () => {
    const frames = readXyz(EXTXYZ);
    expect(frames).toHaveLength(2);
    const [a, b] = frames;
    expect(a?.lattice).toEqual([
      [4, 0, 0],
      [0, 4, 0],
      [0, 0, 10],
    ]);
    expect(a?.periodic).toEqual([true, true, false]);
    // -10.5 eV * 1.602176634e-19 J/eV
    expect(a?.energy).toBeCloseTo(-1.6822854657e-18, 28);
    expect(a?.forces?.[1]).toEqual([-0.5, 0, 0]);
    expect(b?.positions[0]).toEqual([0.1, 0, 0]);
    expect(b?.line).toBe(6);
  });

  it('reads CP2K trajectory energies in Hartree', () => {
    const frames = readXyz(CP2K);
    expect(frames.map((f) => f.energy)).toEqual([-2 * HARTREE, -2.5 * HARTREE]);
    expect(frames.map((f) => f.time)).toEqual([0, 0.5]);
    expect(frames[1]?.positions[0]).toEqual([0.0016383385, -0.0001721499, -0.0006238612]);
  });

  it('accepts atomic numbers, mixed-case symbols and a Z column', () => {
    expect(readXyz('2\n\n8 0 0 0\nCL 1 1 1\n')[0]?.species).toEqual(['O', 'Cl']);
    const z = readXyz('1\nProperties=pos:R:3:Z:I:1 Lattice="3 0 0 0 3 0 0 0 3"\n0.5 0.5 0.5 26\n')[0];
    expect(z?.species).toEqual(['Fe']);
    expect(z?.positions[0]).toEqual([0.5, 0.5, 0.5]);
    expect(z?.periodic).toEqual([true, true, true]);
  });

  it('parses extended XYZ comments', () => {
    const pairs = readExtxyzComment(
      'Lattice="1 0 0 0 1 0 0 0 1" energy=-1.5 is_relaxed pbc={T F T} config_type=bulk',
    );
    expect(pairs.get('lattice')).toBe('1 0 0 0 1 0 0 0 1');
    expect(pairs.get('energy')).toBe('-1.5');
    expect(pairs.get('is_relaxed')).toBe('T');
    expect(pairs.get('pbc')).toBe('T F T');
    expect(pairs.get('config_type')).toBe('bulk');
  });

  it('reads element symbols from atom names', () => {
    expect(symbolOf('Si1')).toBe('Si');
    expect(symbolOf('C_2')).toBe('C');
    expect(symbolOf('14')).toBe('Si');
    expect(symbolOf('Ow')).toBeUndefined();
    expect(symbolOf('200')).toBeUndefined();
  });

  it('reports malformed files with line numbers', () => {
    expect(() => readXyz('')).toThrow('XYZ file is empty');
    expect(() => readXyz('two\nx\n')).toThrow(/line 1: expected the atom count of frame 1, found 'two'/);
    expect(() => readXyz(WATER.replace('H -0.757  0.586 0.0\n', ''))).toThrow(
      /frame 1 \(line 1\) declares 3 atoms but has only 2 atom lines/,
    );
    expect(() => readXyz(WATER.replace('H  0.757', 'Qq 0.757'))).toThrow(
      /line 4: 'Qq' is not a chemical element/,
    );
    expect(() => readXyz(WATER.replace('0.586 0.0\nH -', '0.586\nH -'))).toThrow(
      /line 4: expected 4 columns, found 3/,
    );
    expect(() => readXyz(WATER.replace('0.757  0.586', '0.757  abc'))).toThrow(
      /line 4: expected three coordinates/,
    );
    expect(() => readXyz(`${WATER}garbage\n`)).toThrow(/line 6: expected the atom count of frame 2/);
    expect(() => readXyz('1\nLattice="1 2 3"\nH 0 0 0\n')).toThrow(/line 2: Lattice must hold nine numbers/);
    expect(() => readXyz('1\nProperties=species:S:1:pos:R:3 pbc="T T T"\nH 0 0 0\n')).toThrow(
      /line 2: pbc declares periodicity but no Lattice/,
    );
    expect(() => readXyz('1\nProperties=species:S:1:pos:R\nH 0 0 0\n')).toThrow(
      /line 2: Properties .* triples/,
    );
    expect(() => readXyz('0\n\n')).toThrow(/line 1: frame 1 has no atoms/);
  });
});

describe('xyzParser', () => {
  it('claims .xyz/.extxyz files that start with an atom count', () => {
    const match = (path: string, text = WATER): string | undefined =>
      matchParser(path, Buffer.from(text), [xyzParser])?.name;
    expect(match('a/water.xyz')).toBe('parsers/xyz');
    expect(match('train.extxyz')).toBe('parsers/xyz');
    expect(match('water.XYZ')).toBe('parsers/xyz');
    expect(match('water.xyz.txt')).toBeUndefined();
    expect(match('notes.xyz', 'hello\n')).toBeUndefined();
  });

  it('builds one entry with a system per frame and energies as calculations', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/upload/md/traj.extxyz',
      relativePath: 'md/traj.extxyz',
      uploadId: 'u1',
      parser: xyzParser,
      content: Buffer.from(EXTXYZ),
    });
    expect(result.ok).toBe(true);
    expect(result.archive.metadata.entry_type).toBe('XYZ');
    const [run] = result.archive.run as {
      system: { atoms: Record<string, unknown> }[];
      calculation: Record<string, unknown>[];
    }[];
    expect(run?.system).toHaveLength(2);
    expect(run?.system[0]?.atoms).toMatchObject({
      labels: ['Na', 'Cl'],
      species: [11, 17],
      periodic: [true, true, false],
      positions: [
        [0, 0, 0],
        [2e-10, 2e-10, 2e-10],
      ],
      lattice_vectors: [
        [4e-10, 0, 0],
        [0, 4e-10, 0],
        [0, 0, 1e-9],
      ],
    });
    expect(run?.calculation).toHaveLength(2);
    expect(run?.calculation[1]).toMatchObject({ system_ref: '/run/0/system/1' });
    const calc = run?.calculation[1] as {
      energy: { total: { value: number } };
      forces: { total: { value: number[][] } };
    };
    // -10.75 eV = -1.72233988e-18 J; 0.25 eV/Å = 4.005441585e-10 N.
    expect(calc.energy.total.value).toBeCloseTo(-1.7223398815e-18, 27);
    expect(calc.forces.total.value[0]?.[0]).toBeCloseTo(4.005441585e-10, 19);
    // The first frame is the representative structure.
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_hill: 'ClNa' } });
    expect(result.logs.map((l) => l.event)).toContain(
      'XYZ file has 2 frames; the first one is the representative structure',
    );
  });

  it('makes a time-stamped trajectory a molecular-dynamics workflow', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/upload/md/si-pos-1.xyz',
      relativePath: 'md/si-pos-1.xyz',
      uploadId: 'u1',
      parser: xyzParser,
      content: Buffer.from(CP2K),
    });
    expect(result.archive.workflow2).toMatchObject({ name: 'MolecularDynamics' });
    expect(result.archive.results).toMatchObject({ method: { workflow_name: 'MolecularDynamics' } });
    expect(result.archive.results).not.toHaveProperty('properties.geometry_optimization');
  });

  it('leaves out calculations and lattices that the file does not have', async () => {
    const result = await parseMainfile({
      absolutePath: '/nonexistent/water.xyz',
      relativePath: 'water.xyz',
      uploadId: 'u1',
      parser: xyzParser,
      content: Buffer.from(WATER),
    });
    expect(result.ok).toBe(true);
    const run = (result.archive.run as Record<string, unknown>[])[0];
    expect(run?.calculation).toBeUndefined();
    const atoms = (run?.system as { atoms: Record<string, unknown> }[])[0]?.atoms;
    expect(atoms?.lattice_vectors).toBeUndefined();
    expect(atoms?.periodic).toEqual([false, false, false]);
    expect(result.archive.results).toMatchObject({
      material: { chemical_formula_hill: 'H2O', structural_type: 'molecule / cluster' },
    });
  });
});

const samples = fileURLToPath(new URL('../../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`XYZ sample tests skipped: ${samples} is absent (shared workspace files)`);

describe.skipIf(!available)('XYZ samples', () => {
  it('si_md-pos-1.xyz: 5 CP2K frames of 8 Si atoms with energies in Hartree', async () => {
    const path = join(samples, 'structures', 'si_md-pos-1.xyz');
    const text = readFileSync(path, 'utf8');
    expect(matchParser('structures/si_md-pos-1.xyz', Buffer.from(text), [xyzParser])?.name).toBe(
      'parsers/xyz',
    );
    const frames = readXyz(text);
    expect(frames).toHaveLength(5);
    expect(frames.every((f) => f.species.length === 8 && f.species.every((s) => s === 'Si'))).toBe(true);
    // E(frame 0) = -31.2978853728 Ha * 4.3597447222071e-18 J/Ha = -1.3645079057e-16 J (by hand).
    expect(frames[0]?.energy).toBeCloseTo(-1.3645079057e-16, 25);
    const result = await parseMainfile({
      absolutePath: path,
      relativePath: 'structures/si_md-pos-1.xyz',
      uploadId: 'samples',
      parser: xyzParser,
    });
    expect(result.ok).toBe(true);
    const run = (result.archive.run as { system: unknown[]; calculation: unknown[] }[])[0];
    expect(run?.system).toHaveLength(5);
    expect(run?.calculation).toHaveLength(5);
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_hill: 'Si8' } });
  });
});

describe('XYZ limits', () => {
  const frames = (n: number) =>
    Array.from({ length: n }, (_, i) => `2\n i = ${i}, time = ${i}.0, E = -1.0\nSi 0 0 0\nSi 1 1 1\n`).join(
      '',
    );

  it('keeps the first frames up to the caps and says so', () => {
    const read = readXyzText(frames(5), { maxFrames: 3, maxAtoms: 100 });
    expect(read.frames).toHaveLength(3);
    expect(read.truncated).toBe(
      'XYZ file has more frames than are kept: only the first 3 frames (6 atoms) are read, the limits being 3 frames and 100 atoms per file',
    );
    expect(readXyzText(frames(5), { maxFrames: 10, maxAtoms: 5 }).frames).toHaveLength(2);
    expect(readXyzText(frames(2), { maxFrames: 2, maxAtoms: 4 }).truncated).toBeUndefined();
  });

  it('fails a file whose first frame alone is over the atom cap', () => {
    expect(() => readXyz('5000000\n\n', { maxFrames: 10, maxAtoms: 1000 })).toThrow(
      'XYZ line 1: frame 1 declares 5000000 atoms, more than the limit of 1000 atoms per file',
    );
  });

  it('streams a file to the same entry as when it is read whole, with the cap in a WARNING', async () => {
    const text = frames(20_001);
    const logs: string[] = [];
    const input = {
      mainfile: 'x.xyz',
      absolutePath: '/x.xyz',
      rawRoot: '/',
      log: (_: string, e: string) => logs.push(e),
    };
    async function* chunks() {
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096);
    }
    const streamed = await xyzParser.parseStream!({ ...input, read: chunks });
    const whole = await xyzParser.parse({ ...input, content: Buffer.from(text) });
    expect(streamed).toEqual(whole);
    expect((streamed.sections.run as Array<{ system: unknown[] }>)[0]!.system).toHaveLength(10_000);
    expect(logs.filter((e) => e.startsWith('XYZ file has more frames'))).toHaveLength(2);
  });
});
