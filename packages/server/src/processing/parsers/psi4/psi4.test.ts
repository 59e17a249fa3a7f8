import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { psi4Archive } from './archive.ts';
import { psi4Parser } from './psi4.ts';
import { readPsi4Output } from './read-psi4.ts';

/** A small RHF single point of our own in Psi4's layout (hydrogen fluoride), then an MP2 program. */
const output = readFileSync(new URL('fixtures/hf-mp2.out', import.meta.url), 'latin1');

describe('the Psi4 reader and archive', () => {
  it('reads the SCF and the MP2 program as methods and calculations, in SI units', () => {
    const { run, workflow2, structure, warnings } = psi4Archive(readPsi4Output(output));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'Psi4', version: '1.9.1' });
    expect(at(run, 'time_run/date_start')).toBe(Date.UTC(2024, 0, 2, 15, 30) / 1000);
    expect(at(run, 'method/0/electronic/method')).toBe('RHF');
    expect(at(run, 'method/0/scf/minimization_algorithm')).toBe('PK');
    expectClose(at(run, 'method/0/scf/threshold_energy_change'), 1e-6 * HARTREE);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/atom_centered/0/name')).toBe('CC-PVDZ');
    expect(at(run, 'method/1/electronic/method')).toBe('MP2');
    expect(at(run, 'method/1/core_method_ref')).toBe('/run/0/method/0');
    // Positions as printed, in Å.
    expect(structure!.species).toEqual(['F', 'H']);
    expectClose(structure!.positions[1]![2], 0.874 * ANGSTROM);
    expectClose(at(run, 'calculation/0/energy/total/value'), -100.02 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/nuclear_repulsion/value'), 5.2 * HARTREE);
    expect(at(run, 'calculation/0/energy/contributions/0/kind')).toBe('One-Electron');
    expect(at(run, 'calculation/0/scf_iteration/length')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), -0.02 * HARTREE);
    expect(at(run, 'calculation/0/eigenvalues/0/occupations')).toEqual([[[2, 2, 0]]]);
    expect(at(run, 'calculation/0/eigenvalues/0/orbital_labels')).toEqual(['1A1', '2A1', '3A1']);
    expectClose(at(run, 'calculation/0/multipoles/0/dipole/total/2'), 0.7 * ELEMENTARY_CHARGE * BOHR);
    expectClose(at(run, 'calculation/0/charges/0/value/0'), -0.4 * ELEMENTARY_CHARGE);
    expect(at(run, 'calculation/0/time_calculation')).toBe(0.5);
    expectClose(at(run, 'calculation/1/energy/total/value'), -100.22 * HARTREE);
    expect(at(run, 'calculation/1/time_physical')).toBe(0.75);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('warns that an output without its closing line did not finish', () => {
    const cut = output.slice(0, output.indexOf('*** Psi4 exiting'));
    expect(psi4Archive(readPsi4Output(cut)).warnings).toEqual([
      "the output has no 'Psi4 exiting successfully': the run did not finish",
    ]);
  });

  it('refuses what is no Psi4 output', () => {
    expect(() => readPsi4Output('hello\n')).toThrow('not a Psi4 output');
  });
});

const data = `${nomadTestData('electronic-parsers', 'psi4')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'psi4',
    parser: psi4Parser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))("NOMAD's Psi4 test data (skipped without /tmp/nomad-parser-tests)", () => {
  it('cc1: a CCSD geometry optimisation with OPTKING', async () => {
    const archive = await parse('cc1/output.ref');
    expect(at(archive, 'run/0/method/length')).toBe(15);
    expect(at(archive, 'run/0/calculation/length')).toBe(30);
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), (3e-4 * HARTREE) / BOHR);
  });

  it('mcscf1: the MCSCF program alone, with no geometry printed', async () => {
    const archive = await parse('mcscf1/output.ref');
    expect(at(archive, 'run/0/calculation/0/scf_iteration/length')).toBe(17);
  });
});
