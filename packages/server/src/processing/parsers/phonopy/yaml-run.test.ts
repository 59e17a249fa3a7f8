// A phonopy run of VASP as phonopy writes it (phonopy.yaml, FORCE_SETS, phonon.conf), made from the spring
// model of spring-model.ts, whose dispersion is known in closed form. phonopy's supercell is written in
// reverse order here, so that FORCE_SETS' atom numbers only fit when they are mapped.
import type { Vec3 } from '@oasis/chem';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at } from '../archive-test-helpers.ts';
import { JOULE_PER_THZ } from './constants.ts';
import { phonopyParser } from './phonopy.ts';
import { readBandConf } from './read-band-conf.ts';
import { readForceSets } from './read-force-sets.ts';
import { SPRING, springForces, springFrequencies, springSupercell } from './spring-model.ts';

const { a, mass, repeat: N } = SPRING;
const { supercell, fractional } = springSupercell();
/** phonopy's order in these files: ours reversed. */
const order = fractional.map((_, i) => fractional.length - 1 - i);
const u: Vec3 = [0.01, 0, 0];
const moved = 0;
const forces = springForces(supercell, fractional, moved, u);

const point = (f: Vec3, extra = '') =>
  `  - symbol: Ar\n    coordinates: [ ${f.join(', ')} ]\n    mass: ${mass}\n${extra}`;
const phonopyYaml = (withSupercell = true) => `phonopy:
  version: "2.20.0"
  calculator: vasp
physical_unit:
  length: "angstrom"
supercell_matrix:
- [ ${N}, 0, 0 ]
- [ 0, ${N}, 0 ]
- [ 0, 0, ${N} ]
unit_cell:
  lattice:
  - [ ${a}, 0, 0 ]
  - [ 0, ${a}, 0 ]
  - [ 0, 0, ${a} ]
  points:
${point([0, 0, 0])}${
  withSupercell
    ? `supercell:
  lattice:
  - [ ${N * a}, 0, 0 ]
  - [ 0, ${N * a}, 0 ]
  - [ 0, 0, ${N * a} ]
  points:
${order.map((i) => point(fractional[i]!)).join('')}`
    : ''
}`;
const forceSets = `${fractional.length}
1

${order.indexOf(moved) + 1}
  ${u.join(' ')}
${order.map((i) => `  ${forces[i]!.join(' ')}`).join('\n')}
`;
const conf = 'DIM = 3 3 3\nBAND = 0 0 0  1/2 0 0  1/2 1/2 0\nBAND_LABELS = G X M\nBAND_POINTS = 11\n';

const analytic = springFrequencies;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Writes the run's files (those given) into a fresh upload folder and parses its phonopy.yaml. */
const parseRun = (files: Record<string, string>) => {
  const rawRoot = mkdtempSync(join(tmpdir(), 'phonopy-vasp-'));
  dirs.push(rawRoot);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(rawRoot, name), text);
  return parseMainfile({
    absolutePath: join(rawRoot, 'phonopy.yaml'),
    relativePath: 'phonopy.yaml',
    rawRoot,
    uploadId: 'phonopy-vasp',
    parser: phonopyParser,
  });
};

const thz = (energies: unknown) => (energies as number[]).map((e) => e / JOULE_PER_THZ);

describe('a phonopy run of VASP (phonopy.yaml, FORCE_SETS, phonon.conf)', () => {
  it('is claimed by its phonopy.yaml, as NOMAD does', () => {
    const head = Buffer.from(phonopyYaml());
    expect(matchParser('Si/phonopy.yaml', head)?.name).toBe('parsers/phonopy');
    expect(matchParser('phonopy_disp.yaml', head)?.name).toBe('parsers/phonopy');
    expect(matchParser('band.yaml', head)).toBeUndefined();
  });

  it('computes the closed-form dispersion along the .conf path, with phonopy’s atom order mapped', async () => {
    const result = await parseRun({
      'phonopy.yaml': phonopyYaml(),
      FORCE_SETS: forceSets,
      'phonon.conf': conf,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const { archive } = result;
    const segments = 'run/0/calculation/0/band_structure_phonon/0/segment';
    expect(at(archive, `${segments}/0/endpoints_labels`)).toEqual(['Γ', 'X']);
    expect(at(archive, `${segments}/1/endpoints_labels`)).toEqual(['X', 'M']);
    const x = thz(at(archive, `${segments}/0/energies/0/10`));
    analytic([0.5, 0, 0]).forEach((f, i) => expect(x[i]).toBeCloseTo(f, 6));
    const m = thz(at(archive, `${segments}/1/energies/0/10`));
    analytic([0.5, 0.5, 0]).forEach((f, i) => expect(m[i]).toBeCloseTo(f, 6));
    expect(at(archive, 'run/0/program')).toEqual({ name: 'Phonopy', version: '2.20.0' });
    expect(at(archive, 'workflow2/method/force_calculator')).toBe('vasp');
    expect(at(archive, 'workflow2/results/n_displacements')).toBe(1);
    expect(at(archive, 'workflow2/inputs')).toEqual([]);
    // NOMAD's temperatures: 0 to 1000 K by 100 K.
    expect(at(archive, 'workflow2/results/temperature')).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
    ]);
    expect(at(archive, 'results/properties/available_properties')).toEqual([
      'band_structure_phonon',
      'dos_phonon',
      'energy_free_helmholtz',
      'heat_capacity_constant_volume',
    ]);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('Ar');
  });

  it('without its supercell in phonopy.yaml takes FORCE_SETS in phonopy’s own order, and without a .conf draws the lattice’s standard path', async () => {
    const ours = `${fractional.length}\n1\n\n${moved + 1}\n  ${u.join(' ')}\n${forces.map((f) => `  ${f.join(' ')}`).join('\n')}\n`;
    const result = await parseRun({ 'phonopy.yaml': phonopyYaml(false), FORCE_SETS: ours });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const segments = at(result.archive, 'run/0/calculation/0/band_structure_phonon/0/segment') as {
      endpoints_labels: string[];
      kpoints: Vec3[];
      energies: number[][][];
    }[];
    // Setyawan–Curtarolo's simple-cubic path Γ-X-M-Γ-R-X | M-R.
    expect(segments.map((s) => s.endpoints_labels.join('-'))).toEqual([
      'Γ-X',
      'X-M',
      'M-Γ',
      'Γ-R',
      'R-X',
      'M-R',
    ]);
    const end = (i: number) => segments[i]!.kpoints.at(-1)!;
    expect([end(0), end(1), end(3)]).toEqual([
      [0, 0.5, 0],
      [0.5, 0.5, 0],
      [0.5, 0.5, 0.5],
    ]);
    for (const i of [0, 1, 3]) {
      const computed = thz(segments[i]!.energies[0]!.at(-1));
      analytic(end(i)).forEach((f, j) => expect(computed[j]).toBeCloseTo(f, 6));
    }
    expect(at(result.archive, 'workflow2/results/n_imaginary_frequencies')).toBe(0);
  });

  it('takes the standard atomic weight for an atom phonopy.yaml gives no mass', async () => {
    const result = await parseRun({
      'phonopy.yaml': phonopyYaml().replace(/ {4}mass: .*\n/, ''),
      FORCE_SETS: forceSets,
      'phonon.conf': conf,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const x = thz(at(result.archive, 'run/0/calculation/0/band_structure_phonon/0/segment/0/energies/0/10'));
    // Ar's 39.948 u instead of the model's mass: frequencies scale with 1/sqrt(mass).
    const scale = Math.sqrt(mass / 39.948);
    analytic([0.5, 0, 0]).forEach((f, i) => expect(x[i]).toBeCloseTo(f * scale, 6));
  });

  it('fails naming what is missing or not read', async () => {
    const failure = async (files: Record<string, string>) => {
      const result = await parseRun(files);
      return result.ok ? undefined : result.error.message;
    };
    expect(await failure({ 'phonopy.yaml': phonopyYaml() })).toMatch(
      /phonopy\.yaml: there is no FORCE_SETS beside it/,
    );
    expect(
      await failure({
        'phonopy.yaml': phonopyYaml().replace('calculator: vasp', 'calculator: qe'),
        FORCE_SETS: forceSets,
      }),
    ).toMatch(/forces of the calculator 'qe' are not read/);
    expect(
      await failure({
        'phonopy.yaml': phonopyYaml(),
        FORCE_SETS: forceSets.split('\n').slice(0, 20).join('\n'),
      }),
    ).toMatch(/FORCE_SETS: expected force 16 of displacement 1, found 'the end of the file'/);
    expect(await failure({ 'phonopy.yaml': 'nqpoint: 3\n', FORCE_SETS: forceSets })).toMatch(
      /phonopy\.yaml has no phonopy section/,
    );
  });
});

describe('FORCE_SETS and .conf readers', () => {
  it('refuse random displacements and read fractions, labels and points', () => {
    expect(() => readForceSets('0.01 0 0 0.1 0 0\n0 0 0 0 0 0\n', 2)).toThrow(/type II/);
    expect(() => readForceSets('4\n1\n\n9\n0.01 0 0\n', 4)).toThrow(/moves atom 9/);
    expect(readBandConf('BAND = 0 0 1/2  0 0 0\nBAND_LABELS = Z GAMMA\n')).toEqual([
      { start: [0, 0, 0.5], end: [0, 0, 0], points: 100, labels: ['Z', 'Γ'] },
    ]);
    expect(readBandConf('BAND = 0 0 0 1/2 0 0\n')).toEqual([]);
  });
});
