import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { ANGSTROM } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { resolveArchivePath } from './archive-path.ts';
import { electronicProperties } from './electronic.ts';
import type { Section } from './normalizer.ts';
import { singlePointArchive } from './properties-fixtures.ts';

const noLog = (): void => {};
const G = [0, 0, 0];
const X = [0.5, 0, 0];
const M = [0.5, 0.5, 0];

/** Γ-X-M path, bands per segment as [band][k] in eV; `shift` moves band 1 of spin 1 up. */
function bandStructure(spinShift?: number): Section {
  const seg = (kpoints: number[][], bands: number[][]): Section => {
    const channel = (shift: number): number[][] =>
      kpoints.map((_, k) => bands.map((band, b) => ((band[k] as number) + (b === 1 ? shift : 0)) * EV));
    return {
      kpoints,
      energies: spinShift === undefined ? [channel(0)] : [channel(0), channel(spinShift)],
      endpoints_labels: ['', ''],
    };
  };
  return {
    segment: [
      seg(
        [G, [0.25, 0, 0], X],
        [
          [0.5, 0.2, -0.5],
          [3.0, 2.5, 2.0],
          [5, 5, 5],
        ],
      ),
      seg(
        [X, [0.5, 0.25, 0], M],
        [
          [-0.5, -0.8, -1],
          [2.0, 1.8, 1.6],
          [5, 5, 5],
        ],
      ),
    ],
  };
}

/** -2 .. 4 eV in 0.5 eV steps; states below `top` and from `bottom` (eV). */
function dosSection(spin: number, top: number, bottom: number): Section {
  const energies = Array.from({ length: 13 }, (_, i) => -2 + 0.5 * i);
  return {
    spin_channel: spin,
    energies: energies.map((e) => e * EV),
    total: [{ spin, value: energies.map((e) => (e <= top || e >= bottom ? 1e18 : 0)) }],
  };
}

function electronicOf(archive: Section): Section {
  const result = electronicProperties(archive, noLog);
  if (!result) throw new Error('no electronic properties');
  return result;
}

function expectResolvable(archive: Section, electronic: Section): void {
  const refs: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.startsWith('/run/')) refs.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(electronic);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(resolveArchivePath(archive, ref), ref).toBeDefined();
}

describe('electronic properties', () => {
  it('summarises a band structure with an indirect gap and completes the run section', () => {
    // Fermi level (calculation) 1 eV; top 0.5 eV at Γ, bottom 1.6 eV at M.
    const archive = singlePointArchive({ band_structure_electronic: [bandStructure()] });
    const electronic = electronicOf(archive);
    const [bs] = electronic.band_structure_electronic as Section[];
    expect(bs).toMatchObject({
      spin_polarized: false,
      energy_fermi: 1 * EV,
      reciprocal_cell: '/run/0/calculation/0/band_structure_electronic/0/reciprocal_cell',
      segment: [0, 1].map((s) => `/run/0/calculation/0/band_structure_electronic/0/segment/${s}`),
    });
    const [gap] = (bs as Section).band_gap as Section[];
    expect(gap?.type).toBe('indirect');
    expect(gap?.value as number).toBeCloseTo(1.1 * EV, 30);
    expect(gap?.energy_highest_occupied as number).toBeCloseTo(0.5 * EV, 30);
    // The run section got the reciprocal cell of the 4 Å cubic cell (1/a, no 2π) and the gap.
    const runBs = resolveArchivePath(archive, '/run/0/calculation/0/band_structure_electronic/0') as Section;
    expect((runBs.reciprocal_cell as number[][])[0]?.[0]).toBeCloseTo(1 / (4 * ANGSTROM), 0);
    expect(runBs.band_gap).toHaveLength(1);
    expect(runBs.energy_fermi).toBe(1 * EV);
    expect(electronic.dos_electronic).toBeUndefined();
    expectResolvable(archive, electronic);
  });

  it('reports one gap per spin channel for a spin-polarised band structure', () => {
    // Spin 1 conduction band 0.4 eV higher: bottom 2.0 eV at M, gap 1.5 eV.
    const archive = singlePointArchive({ band_structure_electronic: [bandStructure(0.4)] });
    const [bs] = electronicOf(archive).band_structure_electronic as Section[];
    expect(bs?.spin_polarized).toBe(true);
    const gaps = (bs as Section).band_gap as Section[];
    expect(gaps.map((g) => g.index)).toEqual([0, 1]);
    expect(gaps[0]?.value as number).toBeCloseTo(1.1 * EV, 30);
    expect(gaps[1]?.value as number).toBeCloseTo(1.5 * EV, 30);
  });

  it('gathers spin-channel DOS sections into one entry with a gap per channel', () => {
    // Fermi level 1 eV. Spin 0: states up to 0.5 and from 2.0 eV; zero-DOS points 1.0 .. 1.5 eV.
    // Spin 1: states up to 0.0 and from 2.5 eV; zero-DOS points 0.5 .. 2.0 eV.
    const archive = singlePointArchive({
      dos_electronic: [dosSection(0, 0.5, 2.0), dosSection(1, 0.0, 2.5)],
    });
    const electronic = electronicOf(archive);
    const [dos] = electronic.dos_electronic as Section[];
    expect(dos).toMatchObject({
      spin_polarized: true,
      energy_fermi: 1 * EV,
      energies: '/run/0/calculation/0/dos_electronic/0/energies',
      total: [
        '/run/0/calculation/0/dos_electronic/0/total/0',
        '/run/0/calculation/0/dos_electronic/1/total/0',
      ],
    });
    const gaps = (dos as Section).band_gap as Section[];
    expect(gaps.map((g) => g.index)).toEqual([0, 1]);
    expect(gaps[0]?.energy_highest_occupied as number).toBeCloseTo(1.0 * EV, 30);
    expect(gaps[0]?.energy_lowest_unoccupied as number).toBeCloseTo(1.5 * EV, 30);
    expect(gaps[0]?.value as number).toBeCloseTo(0.5 * EV, 30);
    expect(gaps[1]?.value as number).toBeCloseTo(1.5 * EV, 30);
    expect(gaps[0]).not.toHaveProperty('type');
    // Normalisation: 1 / (2 channels · (11 + 17) electrons).
    const total = resolveArchivePath(archive, '/run/0/calculation/0/dos_electronic/1/total/0') as Section;
    expect(total.normalization_factor).toBeCloseTo(1 / 56, 15);
    expectResolvable(archive, electronic);
  });

  it('reports the latest calculation and keeps gaps the parser stated', () => {
    const archive = singlePointArchive();
    const run = (archive.run as Section[])[0] as Section;
    const calcs = run.calculation as Section[];
    const stated = { ...bandStructure(), band_gap: [{ index: 0, value: 0.7 * EV, type: 'direct' }] };
    calcs.push({ ...(calcs[0] as Section), band_structure_electronic: [stated] });
    calcs[0] = { ...(calcs[0] as Section), band_structure_electronic: [bandStructure()] };
    const [bs] = electronicOf(archive).band_structure_electronic as Section[];
    expect(((bs as Section).segment as string[])[0]).toMatch(/^\/run\/0\/calculation\/1\//);
    expect(((bs as Section).band_gap as Section[])[0]).toEqual({ index: 0, value: 0.7 * EV, type: 'direct' });
  });

  it('skips band structures without energies and entries without electronic data', () => {
    const archive = singlePointArchive({ band_structure_electronic: [{ segment: [{ kpoints: [G] }] }] });
    const logs: string[] = [];
    expect(electronicProperties(archive, (_, e) => logs.push(e))).toBeUndefined();
    expect(logs[0]).toMatch(/without k-points or energies/);
    expect(electronicProperties({}, noLog)).toBeUndefined();
  });
});
