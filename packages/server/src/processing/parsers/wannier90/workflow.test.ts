import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conformanceProblems } from '@oasis/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at } from '../archive-test-helpers.ts';
import { wannier90Parser } from './wannier90.ts';

/** A tiny Wannier90 output of our own: one site in a cubic cell of 3 Å. */
const wout = `
             |                   WANNIER90                       |
             |      Release: 3.1.0        5th March    2020      |
                              Lattice Vectors (Ang)
                    a_1     3.000000   0.000000   0.000000
                    a_2     0.000000   3.000000   0.000000
                    a_3     0.000000   0.000000   3.000000
 *----------------------------------------------------------------------------*
 |   Site       Fractional Coordinate          Cartesian Coordinate (Ang)     |
 +----------------------------------------------------------------------------+
 | Si   1   0.00000   0.00000   0.00000   |    0.00000   0.00000   0.00000    |
 *----------------------------------------------------------------------------*
 *---------------------------------- MAIN ------------------------------------*
 |  Number of Wannier Functions               :                 4             |
 All done: wannier90 exiting
`;

// Matching reads names and heads only: a pw.x banner is a Quantum ESPRESSO output.
const pwOut = `
     Program PWSCF v.7.2 starts on  1Jan2024 at 10: 0: 0
     bravais-lattice index     =            1
`;
// An XYZ structure is a mainfile too, but of no first-principles run.
const xyz = '1\nSi\nSi 0.0 0.0 0.0\n';

const root = mkdtempSync(join(tmpdir(), 'oasis-wannier90-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (folder: string, files: Record<string, string>) => {
  mkdirSync(join(root, folder), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
};
write('si/wannier', { 'si.wout': wout, 'scf.out': pwOut, 'cell.xyz': xyz, 'si.win': 'num_wann = 4\n' });
write('alone', { 'si.wout': wout, 'cell.xyz': xyz });

const parse = (path: string) =>
  parseMainfile({
    absolutePath: join(root, path),
    relativePath: path,
    uploadId: 'w90',
    parser: wannier90Parser,
  });

describe('the workflow of a Wannier90 entry', () => {
  it('is FirstPrinciplesPlusTB on the DFT output beside it, referenced by its upload path', async () => {
    const result = await parse('si/wannier/si.wout');
    expect(result.errors).toEqual([]);
    const workflow = result.archive.workflow2;
    const dft = '../upload/archive/mainfile/si/wannier/scf.out#';
    expect(at(workflow, 'm_def')).toBe('simulationworkflowschema.FirstPrinciplesPlusTB');
    expect(at(workflow, 'name')).toBe('FirstPrinciplesPlusTB');
    expect(at(workflow, 'method')).toEqual({
      first_principles_method_ref: `${dft}/run/0/method/0`,
      tb_method_ref: '/run/0/method/0/tb',
    });
    expect(at(workflow, 'inputs/0/section')).toBe(`${dft}/run/0/system/-1`);
    expect(at(workflow, 'outputs/0/section')).toBe('/run/0/calculation/0');
    expect(at(workflow, 'tasks/0/name')).toBe('FirstPrinciples');
    expect(at(workflow, 'tasks/0/outputs/0/section')).toBe(`${dft}/run/0/calculation/-1`);
    expect(at(workflow, 'tasks/1/name')).toBe('TB');
    expect(at(workflow, 'tasks/1/inputs/0/section')).toBe(`${dft}/run/0/calculation/-1`);
    expect(at(workflow, 'tasks/1/outputs/0/section')).toBe('/run/0/calculation/0');
    expect(at(result.archive, 'results/method/workflow_name')).toBe('FirstPrinciplesPlusTB');
    // The workflow follows the metainfo's FirstPrinciplesPlusTB (x_wannier90_ names are the parser's own).
    const { run, workflow2 } = result.archive;
    const problems = conformanceProblems({ run, workflow2 }).filter(
      ({ path }) => !path.includes('x_wannier90_'),
    );
    expect(problems).toEqual([]);
  });

  it('stays a single point without a first-principles output beside it', async () => {
    // The XYZ file beside it is a mainfile, of a parser that is no first-principles code.
    expect(matchParser('alone/cell.xyz', Buffer.from(xyz))?.name).toBe('parsers/xyz');
    const result = await parse('alone/si.wout');
    expect(result.errors).toEqual([]);
    expect(at(result.archive.workflow2, 'm_def')).toBe('simulationworkflowschema.SinglePoint');
    expect(at(result.archive.workflow2, 'name')).toBe('SinglePoint');
  });
});
