import { ELECTRON_VOLT as EV } from '@oasis/chem';
import { ANGSTROM } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import type { Section } from './normalizer.ts';
import {
  basisSetType,
  exactExchangeMixingFactor,
  kLineDensity,
  methodName,
  representativeMethod,
  resultsMethod,
  systemReciprocalLattice,
  xcFunctionalNames,
  xcFunctionalType,
} from './method.ts';
import { methodNormalizer } from './method-normalizer.ts';
import { singlePointArchive } from './properties-fixtures.ts';

describe('XC functional classification', () => {
  it('sorts and de-duplicates the libxc names of all components', () => {
    const xc = {
      exchange: [{ name: 'GGA_X_PBE' }],
      correlation: [{ name: 'GGA_C_PBE' }],
      contributions: [{ name: 'GGA_X_PBE' }],
    };
    expect(xcFunctionalNames(xc)).toEqual(['GGA_C_PBE', 'GGA_X_PBE']);
    expect(xcFunctionalNames({})).toBeUndefined();
  });

  it.each([
    [['GGA_C_PBE', 'GGA_X_PBE'], 'GGA'],
    [['LDA_X', 'LDA_C_PZ'], 'LDA'],
    [['MGGA_X_SCAN', 'MGGA_C_SCAN'], 'meta-GGA'],
    [['HYB_MGGA_X_M06'], 'hyper-GGA'],
    [['GGA_X_PBE', 'HYB_GGA_XC_HSE06'], 'hybrid'],
    [['HF_X'], 'unavailable'],
    [[], 'unavailable'],
  ])('classifies %j as %s (highest rung wins)', (names, rung) => {
    expect(xcFunctionalType(names)).toBe(rung);
  });

  it('knows the exact-exchange fraction of common hybrids', () => {
    expect(exactExchangeMixingFactor(undefined, ['HYB_GGA_XC_B3LYP'])).toBe(0.2);
    expect(exactExchangeMixingFactor(undefined, ['HYB_GGA_XC_PBEH'])).toBe(0.25);
    expect(exactExchangeMixingFactor(undefined, ['HYB_GGA_XC_HSE06'])).toBe(0.25);
    expect(exactExchangeMixingFactor(undefined, ['GGA_X_PBE'])).toBeUndefined();
    const stated = {
      hybrid: [{ name: 'HYB_GGA_XC_PBEH', parameters: { exact_exchange_mixing_factor: 0.3 } }],
    };
    expect(exactExchangeMixingFactor(stated, ['HYB_GGA_XC_PBEH'])).toBe(0.3);
  });
});

describe('k-point line density', () => {
  it('is n·a/2π for an n×n×n grid on a cubic cell', () => {
    const a = 5.43 * ANGSTROM;
    const system = {
      atoms: {
        lattice_vectors: [
          [a, 0, 0],
          [0, a, 0],
          [0, 0, a],
        ],
      },
    };
    const reciprocal = systemReciprocalLattice(system);
    // |b_i| = 2π/a = 1.1571e10 1/m
    expect(reciprocal?.[0]?.[0]).toBeCloseTo((2 * Math.PI) / a, 0);
    // 8 · 5.43e-10 / 2π = 6.9137e-10 m
    expect(kLineDensity(reciprocal ?? [], [8, 8, 8])).toBeCloseTo(6.9137e-10, 14);
  });

  it('keeps the least dense axis', () => {
    // |b| = 1e10, 2e10, 1e10 per m; n = 8, 8, 4 -> 8e-10, 4e-10, 4e-10
    const reciprocal = [
      [1e10, 0, 0],
      [0, 2e10, 0],
      [0, 0, 1e10],
    ];
    expect(kLineDensity(reciprocal, [8, 8, 4])).toBeCloseTo(4e-10, 22);
    expect(kLineDensity(reciprocal, [8, 8])).toBeUndefined();
  });
});

describe('representative method', () => {
  it('prefers the core method and the method no other starts from', () => {
    const core: Section = { archive_marker: 'core', electronic: {} };
    const withCore: Section = {
      run: [{ method: [core, { core_method_ref: '/run/0/method/0', electronic: { method: 'DFT' } }] }],
    };
    const run = (withCore.run as Section[])[0] as Section;
    expect(representativeMethod(withCore, run)).toMatchObject({
      archive_marker: 'core',
      electronic: { method: 'DFT' },
    });

    const chain: Section = {
      run: [
        {
          method: [
            { electronic: { method: 'DFT' } },
            { gw: { type: 'G0W0' }, starting_method_ref: '#/run/0/method/0' },
          ],
        },
      ],
    };
    const top = representativeMethod(chain, (chain.run as Section[])[0] as Section);
    expect(methodName(top)).toBe('GW');
  });

  it('maps basis-set names onto NOMAD categories', () => {
    expect(basisSetType({ basis_set: [{ type: 'plane waves' }] }, 'VASP')).toBe('plane waves');
    expect(
      basisSetType(
        { electrons_representation: [{ scope: ['wavefunction'], type: 'real_space_grid' }] },
        'GPAW',
      ),
    ).toBe('real-space grid');
    expect(basisSetType({ basis_set: [{ type: 'plane waves' }] }, 'exciting')).toBe('(L)APW+lo');
    expect(basisSetType({ basis_set: [{ type: 'something else' }] }, 'X')).toBeUndefined();
  });

  it('takes the basis sets of an atom-centred representation: FHI-aims is numeric AOs, not (L)APW+lo', () => {
    const atomCentred = (type: string) => ({
      electrons_representation: [
        {
          type: 'atom-centered orbitals',
          scope: ['wavefunction'],
          basis_set: [{ type, scope: ['full-electron'] }],
        },
      ],
    });
    expect(basisSetType(atomCentred('numeric AOs'), 'FHI-aims')).toBe('numeric AOs');
    expect(basisSetType(atomCentred('gaussians'), 'Gaussian')).toBe('gaussians');
  });
});

describe('results.method', () => {
  it('summarises a plane-wave GGA run', () => {
    const archive = singlePointArchive();
    expect(resultsMethod(archive, 'bulk')).toEqual({
      method_name: 'DFT',
      workflow_name: 'SinglePoint',
      simulation: {
        program_name: 'VASP',
        program_version: '6.4.2',
        dft: {
          basis_set_type: 'plane waves',
          core_electron_treatment: 'pseudopotential',
          smearing_kind: 'gaussian',
          smearing_width: 0.05 * EV,
          spin_polarized: false,
          xc_functional_names: ['GGA_C_PBE', 'GGA_X_PBE'],
          jacobs_ladder: 'GGA',
          xc_functional_type: 'GGA',
          scf_threshold_energy_change: 1e-3 * EV,
        },
        precision: {
          // 8 · 4 Å / 2π
          k_line_density: expect.closeTo((8 * 4 * ANGSTROM) / (2 * Math.PI), 22) as unknown,
          basis_set: 'plane waves',
          planewave_cutoff: 400 * EV,
        },
      },
    });
  });

  it('leaves k_line_density out for non-bulk materials and archives without a run', () => {
    const method = resultsMethod(singlePointArchive(), 'molecule / cluster');
    expect((method?.simulation as Section).precision).not.toHaveProperty('k_line_density');
    expect(resultsMethod({})).toBeUndefined();
  });

  it('keeps what an uploaded archive already states', async () => {
    const archive = singlePointArchive();
    const results: Section = { method: { method_name: 'DFT', simulation: { program_version: 'from file' } } };
    await methodNormalizer.normalize({ archive: { ...archive, results }, log: () => {} });
    const simulation = (results.method as Section).simulation as Section;
    expect(simulation.program_version).toBe('from file');
    expect(simulation.program_name).toBe('VASP');
    expect((simulation.dft as Section).xc_functional_type).toBe('GGA');
  });
});
