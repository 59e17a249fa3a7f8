import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at } from '../archive-test-helpers.ts';
import { JOULE_PER_THZ } from './constants.ts';
import { phonopyParser } from './phonopy.ts';

const samples = new URL('../../../../../../../shared/samples/codes/phonopy/', import.meta.url).pathname;
const MAINFILE = 'Ge/phonopy-FHI-aims-displacement-01/control.in';
const OUTPUT = 'Ge/phonopy-FHI-aims-displacement-01/phonopy-FHI-aims-displacement-01.out';

const parse = (rawRoot: string) =>
  parseMainfile({
    absolutePath: join(rawRoot, MAINFILE),
    relativePath: MAINFILE,
    rawRoot,
    uploadId: 'phonopy',
    parser: phonopyParser,
  });

const thz = (energies: unknown) => (energies as number[]).map((e) => e / JOULE_PER_THZ);

describe('phonopy matching', () => {
  it('claims the first displacement folder’s control.in only', () => {
    const head = Buffer.from('  xc pw-lda\n  phonon supercell 2 2 2\n');
    expect(matchParser(MAINFILE, head)?.name).toBe('parsers/phonopy');
    expect(matchParser('x/phonopy-FHI-aims-displacement-001/control.in', head)?.name).toBe('parsers/phonopy');
    expect(matchParser('x/phonopy-FHI-aims-displacement-02/control.in', head)).toBeUndefined();
    expect(matchParser('x/control.in', head)).toBeUndefined();
  });
});

describe.skipIf(!existsSync(samples))('phonopy samples (skipped without ../shared/samples)', () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  /** A writable copy of the Ge run, changed by `change`. */
  const copy = (change: (dir: string) => void): string => {
    const dir = mkdtempSync(join(tmpdir(), 'phonopy-'));
    copies.push(dir);
    cpSync(join(samples, 'Ge'), join(dir, 'Ge'), { recursive: true });
    chmodSync(join(dir, 'Ge/phonopy-FHI-aims-displacement-01'), 0o755);
    change(dir);
    return dir;
  };

  it('Ge (LDA, 8-atom supercell): frequencies as phonopy finds them and the vibrational results', async () => {
    const result = await parse(samples);
    expect(result.ok).toBe(true);
    const archive = result.archive;
    const segments = 'run/0/calculation/0/band_structure_phonon/0/segment';
    // phonopy 2.17 with the same forces (bench/processing/phonopy.ts): Γ 9.5237 THz (optical, 317.7
    // cm⁻¹), X 1.7320, 7.4748, 8.7450 THz, each twice; the acoustic modes at Γ are zero.
    const gamma = thz(at(archive, `${segments}/0/energies/0/0`));
    gamma.slice(0, 3).forEach((f) => expect(Math.abs(f)).toBeLessThan(1e-4));
    gamma.slice(3).forEach((f) => expect(f).toBeCloseTo(9.5237, 3));
    const x = thz(at(archive, `${segments}/1/energies/0/99`));
    [1.732, 1.732, 7.4748, 7.4748, 8.745, 8.745].forEach((f, i) => expect(x[i]).toBeCloseTo(f, 3));
    expect(at(archive, `${segments}/1/endpoints_labels`)).toEqual(['Delta', 'X']);
    expect(at(archive, 'workflow2/results/n_imaginary_frequencies')).toBe(0);
    expect(at(archive, 'workflow2/m_def')).toBe('simulationworkflowschema.Phonon');
    expect(at(archive, 'workflow2/results/n_bands')).toBe(6);
    expect(at(archive, 'workflow2/inputs/0/section')).toBe(
      `../upload/archive/mainfile/${OUTPUT}#/run/0/calculation/0`,
    );
    // 1201 temperatures 0 … 1200 K; Cv at 300 K per unit cell as phonopy (7.55364e-23 J/K).
    expect(at(archive, 'workflow2/results/temperature/300')).toBe(300);
    expect((at(archive, 'workflow2/results/heat_capacity_c_v/300') as number) / 7.55364e-23).toBeCloseTo(
      1,
      4,
    );
    expect(at(archive, 'results/properties/vibrational/heat_capacity_constant_volume')).toEqual({
      heat_capacities: '/workflow2/results/heat_capacity_c_v',
      temperatures: '/workflow2/results/temperature',
    });
    expect(at(archive, 'results/properties/vibrational/dos_phonon/total/0')).toBe(
      '/run/0/calculation/0/dos_phonon/0/total/0',
    );
    expect(at(archive, 'results/properties/available_properties')).toEqual([
      'band_structure_phonon',
      'dos_phonon',
      'energy_free_helmholtz',
      'heat_capacity_constant_volume',
    ]);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
    expect(at(archive, 'metadata/entry_name')).toBe('Ge2 Phonopy simulation');
  });

  it('fails naming the file when an output is missing, has no forces or is truncated', async () => {
    const missing = await parse(copy((dir) => rmSync(join(dir, OUTPUT))));
    expect(missing.ok).toBe(false);
    expect(JSON.stringify(missing.archive)).toContain('phonopy-FHI-aims-displacement-01.out is missing');

    const text = readFileSync(join(samples, OUTPUT), 'latin1');
    const noForces = await parse(
      copy((dir) => {
        rmSync(join(dir, OUTPUT));
        writeFileSync(join(dir, OUTPUT), text.replace(/Total atomic forces/g, 'Total atomic nothing'));
      }),
    );
    expect(JSON.stringify(noForces.archive)).toContain('phonopy-FHI-aims-displacement-01.out has no forces');

    const truncated = await parse(
      copy((dir) => {
        rmSync(join(dir, OUTPUT));
        writeFileSync(join(dir, OUTPUT), text.slice(0, text.indexOf('Have a nice day')));
      }),
    );
    expect(truncated.ok).toBe(false);
    expect(JSON.stringify(truncated.archive)).toContain('phonopy-FHI-aims-displacement-01.out is truncated');
  });
});
