import { HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { elasticParser } from './elastic.ts';
import { readElasticInfo, readElasticResults } from './read-elastic.ts';

const samples = new URL('../../../../../../../shared/samples/codes/elastic/', import.meta.url);

describe('the ElaStic readers', () => {
  it('read the run summary and the moduli and matrices of the results', () => {
    expect(() => readElasticInfo('hello')).toThrow('not an INFO_ElaStic');
    const results = readElasticResults(`
    Elastic constant (stiffness) matrix in GPa:

      100.0  50.0  50.0  0.0  0.0  0.0
       50.0 100.0  50.0  0.0  0.0  0.0
       50.0  50.0 100.0  0.0  0.0  0.0
        0.0   0.0   0.0 30.0  0.0  0.0
        0.0   0.0   0.0  0.0 30.0  0.0
        0.0   0.0   0.0  0.0  0.0 30.0

    Voigt bulk  modulus, B_V =   66.67  GPa
    Hill Poisson ratio,  nu_H =     0.31
`);
    expect(results.stiffness?.[3]?.[3]).toBe(30);
    expect(results.moduli.get('B_V')).toBe(66.67);
    expect(results.moduli.get('nu_H')).toBe(0.31);
  });
});

describe.skipIf(!existsSync(samples))('ElaStic samples (skipped without ../shared)', () => {
  it('2nd: diamond with exciting, its elastic constants, moduli and energy-strain curves', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('2nd/INFO_ElaStic', samples).pathname,
      relativePath: '2nd/INFO_ElaStic',
      uploadId: 'elastic',
      parser: elasticParser,
    });
    expect(result.ok).toBe(true);
    const archive = result.archive;
    // C11 = 1074.5 GPa, C44 = 572.0 GPa.
    expectClose(at(archive, 'workflow2/results/elastic_constants_matrix_second_order/0/0'), 1074.5e9);
    expectClose(at(archive, 'workflow2/results/elastic_constants_matrix_second_order/3/3'), 572e9);
    expect(at(archive, 'results/properties/mechanical/shear_modulus')).toEqual([
      { type: 'voigt_average', value: 530.74e9 },
      { type: 'reuss_average', value: 525.74e9 },
      { type: 'voigt_reuss_hill_average', value: 528.24e9 },
    ]);
    // Dst01-Energy.dat, first line: strain -0.05, energy -75.87786656 Ha.
    expectClose(at(archive, 'workflow2/results/strain_diagrams/0/value/0/0'), -75.87786656 * HARTREE);
    // NOMAD's metainfo: counts are results: 3 deformation types (Dst01-03), 11 strains each.
    expect(at(archive, 'workflow2/results/n_deformations')).toBe(3);
    expect(at(archive, 'workflow2/results/n_strains')).toBe(11);
    expect(at(archive, 'workflow2/method/n_deformations')).toBeUndefined();
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });
});
