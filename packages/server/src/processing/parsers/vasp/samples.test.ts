// The VASP parser on the real vasprun files of the shared samples. They live outside the repository
// (../shared), so these tests skip on a fresh clone. Expected numbers were read from the XML by
// hand (grep) and converted with the SI factors of units.ts.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import type { ParserOutput } from '../../types.ts';
import { vasprunParser } from './index.ts';
import { parseVasprun } from './parser.ts';
import { at, expectAllClose, expectClose } from '../archive-test-helpers.ts';
import { ANGSTROM, EV, EV_PER_ANGSTROM, KBAR } from './units.ts';

// xz-decompress is CommonJS without static ESM exports: load it through require.
const { XzReadableStream } = createRequire(import.meta.url)(
  'xz-decompress',
) as typeof import('xz-decompress');

const samples = fileURLToPath(new URL('../../../../../../../shared/samples/vasp/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`VASP sample tests skipped: ${samples} is absent (shared workspace files)`);

async function unxz(path: string): Promise<Buffer> {
  const stream = new XzReadableStream(new Blob([readFileSync(path)]).stream());
  return Buffer.from(await new Response(stream).arrayBuffer());
}

function parse(content: Buffer, warnings: string[] = []): ParserOutput {
  return parseVasprun(content, (_level, event) => warnings.push(event));
}

const sample = (path: string): Buffer => readFileSync(join(samples, path));

describe.skipIf(!available)('VASP shared samples', () => {
  it('Si-workflow: a spin-polarised B8Fe8Nd2 cell relaxation of 3 ionic steps', () => {
    const warnings: string[] = [];
    const output = parse(sample('Si-workflow/vasprun.xml'), warnings);
    expect(warnings).toEqual([]);
    const run = at(output.sections, 'run/0');
    expect(at(run, 'program/version')).toBe(
      '5.4.4.18Apr17-6-g9f103f2a35 (build Oct 11 2019 00:52:55) complex parallel LinuxGNU',
    );
    expect(at(run, 'method/0/k_mesh/grid')).toEqual([8, 8, 6]);
    expect(at(run, 'method/0/k_mesh/n_points')).toBe(60);
    // ENMAX 318.614 eV in <parameters> (no ENCUT in the INCAR).
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/cutoff')).toBe(318.614 * EV);
    expect(at(run, 'calculation/length')).toBe(3);
    expect(at(run, 'system/length')).toBe(3);
    // Step 1 closes with e_fr_energy -135.51315608; its last scf step has e_wo_entrp -135.22540583
    // and e_0_energy -135.36928096 (the closing block repeats the latter as e_wo_entrp).
    expect(at(run, 'calculation/0/energy/free/value')).toBe(-135.51315608 * EV);
    expect(at(run, 'calculation/0/energy/total/value')).toBe(-135.22540583 * EV);
    expect(at(run, 'calculation/0/energy/total_t0/value')).toBe(-135.36928096 * EV);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(15);
    // Step 2: forces of atom 1 (eV/Å) and the stress diagonal (kBar).
    expect(at(run, 'calculation/1/forces/total/value/0')).toEqual([
      0,
      -0.00966691 * EV_PER_ANGSTROM,
      -0.00696878 * EV_PER_ANGSTROM,
    ]);
    expect(at(run, 'calculation/1/stress/total/value/0/0')).toBe(4.43370924 * KBAR);
    expect(at(run, 'calculation/1/stress/total/value/2/2')).toBe(3.55183579 * KBAR);
    // Step 3 relaxed the cell: a = 5.07143408 Å (5.074354 Å initially).
    expectClose(at(run, 'system/2/atoms/lattice_vectors/0/0'), 5.07143408 * ANGSTROM);
    const last = at(run, 'calculation/2');
    expect(at(last, 'energy/fermi')).toBe(6.33135086 * EV);
    expect(at(last, 'eigenvalues/0/n_bands')).toBe(94);
    expect(at(last, 'eigenvalues/0/energies/0/0/0')).toBe(-30.0573 * EV);
    expect(at(last, 'eigenvalues/0/energies/1/0/0')).toBe(-30.0638 * EV);
    const dos = at(last, 'dos_electronic') as unknown[];
    expect(dos.map((d) => at(d, 'spin_channel'))).toEqual([0, 1]);
    expect(at(dos[0], 'n_energies')).toBe(301);
    expect(at(dos[1], 'energies/0')).toBe(-32.4644 * EV);
    // The integrated DOS of spin 1 ends at 94 states.
    expect(at(dos[0], 'total/0/value_integrated/300')).toBe(94);
    expect(at(run, 'calculation/0/eigenvalues')).toBeUndefined();
    expect(output.sections.workflow2).toEqual({
      m_def: 'simulationworkflowschema.GeometryOptimization',
      name: 'GeometryOptimization',
      // IBRION 2, ISIF 3, EDIFFG 0.001 eV, NSW 100.
      method: {
        type: 'cell_shape',
        method: 'conjugant_gradient',
        convergence_tolerance_energy_difference: 0.001 * EV,
        optimization_steps_maximum: 100,
      },
    });
    expect(output.entryName).toBe('B8Fe8Nd2 VASP simulation');
  });

  it('N-molecule: one N atom in a 15 Å box, RPBE, a single point', () => {
    const output = parse(sample('N-molecule/vasprun.xml'));
    const run = at(output.sections, 'run/0');
    expect(at(run, 'method/0/dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_RPBE' }]);
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    expect(at(run, 'calculation/0/energy/free/value')).toBe(-3.1563566 * EV);
    expect(at(run, 'calculation/0/energy/fermi')).toBe(-8.14235243 * EV);
    // Fractional (0.50000062, 0.50000096, 0.50928890) in the cell whose a = (15, 15.003, 0),
    // c = (15.01, 0, 15.15034) Å: x = 0.50000062·15 + 0.5092889·15.01 Å.
    expectClose(output.structure?.positions[0]?.[0], (0.50000062 * 15 + 0.5092889 * 15.01) * ANGSTROM);
    expect(output.sections.workflow2).toMatchObject({ name: 'SinglePoint' });
    expect(output.entryName).toBe('N VASP simulation');
  });

  it('PdAg-surface: a 45-atom slab with selective dynamics', () => {
    const output = parse(sample('PdAg-surface/vasprun.xml'));
    const run = at(output.sections, 'run/0');
    expect(at(run, 'method/0/electronic/smearing')).toEqual({ kind: 'methfessel-paxton', width: 0.1 * EV });
    expect(at(run, 'method/0/k_mesh/grid')).toEqual([3, 3, 1]);
    const selective = at(run, 'system/0/x_vasp_selective_dynamics') as boolean[][];
    expect(selective).toHaveLength(45);
    expect(selective[17]).toEqual([false, false, false]);
    expect(selective[18]).toEqual([true, true, true]);
    expect(at(run, 'calculation/0/energy/fermi')).toBe(1.45271927 * EV);
    expect(output.entryName).toBe('Ag44Pd VASP simulation');
  });

  it('parser-vasp/vasp.xml: SrTiO3 with an s/p/d-projected DOS under a non-standard name', async () => {
    expect(vasprunParser.mainfileName.test('parser-vasp/vasp.xml')).toBe(true);
    const result = await parseMainfile({
      absolutePath: join(samples, 'parser-vasp/vasp.xml'),
      relativePath: 'parser-vasp/vasp.xml',
      uploadId: 'vasp-samples',
      parser: vasprunParser,
    });
    expect(result.errors).toEqual([]);
    expect(result.archive.metadata.entry_name).toBe('O3SrTi VASP simulation');
    const run = at(result.archive, 'run/0');
    expect(at(run, 'program/version')).toBe('5.2.2 15Apr09 complex parallel LinuxIFC');
    expect(at(run, 'calculation/0/energy/free/value')).toBe(-40.14867659 * EV);
    const dos = at(run, 'calculation/0/dos_electronic') as unknown[];
    expect(dos).toHaveLength(1);
    expect(at(dos[0], 'spin_channel')).toBeUndefined();
    expect(at(dos[0], 'energy_fermi')).toBe(3.44107376 * EV);
    const projected = at(dos[0], 'orbital_projected') as unknown[];
    expect(projected).toHaveLength(15);
    // Orbital by orbital over the 5 ions. Ion 2 (Ti), s column, 15th grid point (-53.6655 eV):
    // 5.4298 states/eV.
    expect(projected[1]).toMatchObject({ atom_index: 1, atom_label: 'Ti', orbital: 's', lm: [0, 0] });
    expect(at(projected[1], 'value/14')).toBe(5.4298 / EV);
    // 'p' sums over m: no single lm.
    expect(projected[6]).toMatchObject({ atom_index: 1, orbital: 'p' });
    expect(at(projected[6], 'lm')).toBeUndefined();
    expect(at(run, 'calculation/0/eigenvalues/0/n_kpoints')).toBe(35);
    expect(at(result.archive, 'workflow2/name')).toBe('SinglePoint');
  });

  it('dos-unpolarized (xz): Si2 with the tetrahedron method', async () => {
    const content = await unxz(join(samples, 'dos-unpolarized/vasprun.xml.xz'));
    const output = parse(content);
    const run = at(output.sections, 'run/0');
    expect(at(run, 'method/0/electronic/smearing')).toEqual({ kind: 'tetrahedra' });
    expect(at(run, 'method/0/k_mesh')).toMatchObject({
      grid: [15, 15, 15],
    });
    const dos = at(run, 'calculation/0/dos_electronic/0');
    expect(at(dos, 'energy_fermi')).toBe(5.10934789 * EV);
    expect(at(dos, 'energies/0')).toBe(-8.3785 * EV);
    // Grid point 101: -0.1574 eV, 0.3858 states/eV, 3.3951 states below.
    expect(at(dos, 'energies/100')).toBe(-0.1574 * EV);
    expect(at(dos, 'total/0/value/100')).toBe(0.3858 / EV);
    expect(at(dos, 'total/0/value_integrated/100')).toBe(3.3951);
    expect(output.entryName).toBe('Si2 VASP simulation');
  });

  it('bands-cF (xz): a PW91 line-mode band structure of 10 segments', async () => {
    const content = await unxz(join(samples, 'bands-cF/vasprun.xml.bands.xz'));
    expect(vasprunParser.mainfileName.test('bands-cF/vasprun.xml.bands')).toBe(true);
    expect(vasprunParser.mainfileContents?.test(content.subarray(0, 4096).toString('latin1'))).toBe(true);
    const output = parse(content);
    const run = at(output.sections, 'run/0');
    expect(at(run, 'program/version')).toBe('4.6.35 3Apr08 complex parallel LinuxIFC');
    // GGA '--' with 'PAW_GGA Si 05Jan2001' potentials: PW91.
    expect(at(run, 'method/0/dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PW91' }]);
    const calc = at(run, 'calculation/0');
    expect(at(calc, 'eigenvalues')).toBeUndefined();
    const bands = at(calc, 'band_structure_electronic/0');
    expect(at(bands, 'segment/length')).toBe(10);
    expect(at(bands, 'segment/0/kpoints/length')).toBe(128);
    expect(at(bands, 'segment/0/kpoints/0')).toEqual([0, 0, 0]);
    expect(at(bands, 'segment/0/kpoints/127')).toEqual([0.5, 0, 0.5]);
    expect(at(bands, 'segment/0/energies/0/0/0')).toBe(-6.2104 * EV);
    // rec_basis row 1 of the file: (-0.18292721, 0.18292721, 0.18292721) 1/Å.
    expectAllClose(at(bands, 'reciprocal_cell/0'), [-0.18292721e10, 0.18292721e10, 0.18292721e10], 1e-7);
    // No <dos> in this non-self-consistent run: no Fermi energy to give.
    expect(at(bands, 'energy_fermi')).toBeUndefined();
  });

  it('broken/broken.xml: keeps the input structure and says where the file stops', () => {
    const warnings: string[] = [];
    const output = parse(sample('broken/broken.xml'), warnings);
    expect(at(output.sections, 'run/0/system/length')).toBe(1);
    expect(warnings).toContain(
      'the run did not finish (vasprun.xml is truncated: the file ends (line 2151) inside <modeling> >' +
        ' <calculation> > <scstep> (<scstep> opened on line 2148))',
    );
  });
});
