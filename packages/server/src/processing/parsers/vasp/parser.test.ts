// The VASP parser on the hand-written fixtures (values chosen by hand in fixtures/*.xml), directly
// and through the processing pipeline.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import type { ParserOutput } from '../../types.ts';
import { vasprunParser } from './index.ts';
import { parseVasprun } from './parser.ts';
import { at, expectAllClose, expectClose } from '../archive-test-helpers.ts';
import { AMU, ANGSTROM, EV, EV_PER_ANGSTROM, KBAR } from './units.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const RELAX = fixture('relax-GaAs.vasprun.xml');
const BANDS = fixture('bands-Si.vasprun.xml');

function parse(path: string, warnings: string[] = []): ParserOutput {
  return parseVasprun(readFileSync(path), (_level, event) => warnings.push(event));
}

describe('vasprunParser matching', () => {
  const head = (path: string): string => readFileSync(path).subarray(0, 4096).toString('latin1');

  it('claims vasprun files by name and VASP generator', () => {
    expect(vasprunParser.name).toBe('parsers/vasp');
    for (const name of ['vasprun.xml', 'run/vasp.xml', 'vasprun.xml.bands', 'a/relax-GaAs.vasprun.xml']) {
      expect(vasprunParser.mainfileName.test(name)).toBe(true);
    }
    expect(vasprunParser.mainfileName.test('vasprun.json')).toBe(false);
    expect(vasprunParser.mainfileContents?.test(head(RELAX))).toBe(true);
    expect(
      vasprunParser.mainfileContents?.test(
        '<?xml version="1.0"?>\n<modeling><generator>' + '<i name="program" type="string">qe</i>',
      ),
    ).toBe(false);
    expect(vasprunParser.mainfileContents?.test('<root><i name="program">vasp</i></root>')).toBe(false);
    expect(vasprunParser.compressions).toEqual(['gz', 'bz2', 'xz']);
  });
});

describe('VASP relaxation fixture (GaAs, 2 ionic steps, spin-polarised)', () => {
  const warnings: string[] = [];
  const output = parse(RELAX, warnings);
  const run = at(output.sections, 'run/0');
  const method = at(run, 'method/0');

  it('reads the program and the method', () => {
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({
      name: 'VASP',
      version: '5.4.4.18Apr17-6-g9f103f2a35 (build Oct 11 2019 00:52:55) complex parallel LinuxGNU',
      // 2021-03-04 05:06:07 UTC
      compilation_datetime: 1614834367,
    });
    expect(at(run, 'time_run')).toEqual({ date_start: 1614834367 });
    expect(at(method, 'dft/xc_functional')).toEqual({
      exchange: [{ name: 'GGA_X_PBE_SOL' }],
      correlation: [{ name: 'GGA_C_PBE_SOL' }],
      hybrid: [],
      contributions: [],
    });
    expect(at(method, 'electronic')).toEqual({
      method: 'DFT',
      n_spin_channels: 2,
      smearing: { kind: 'fermi', width: 0.05 * EV },
      n_electrons: 18,
      n_bands: 3,
    });
    // NELM 60 of 'electronic convergence', not the NELM 1 the 'response functions' block repeats.
    expect(at(method, 'scf')).toEqual({ threshold_energy_change: 1e-6 * EV, n_max_iteration: 60 });
    // PREC 'normal'; ENMAX the wave-function cutoff, ENAUG the augmentation charges'.
    expect(at(method, 'electrons_representation')).toEqual([
      {
        type: 'plane waves',
        scope: ['wavefunction'],
        native_tier: 'normal',
        basis_set: [
          { type: 'plane waves', scope: ['valence'], cutoff: 450 * EV },
          { type: 'plane waves', scope: ['augmentation'], cutoff: 600 * EV },
        ],
      },
    ]);
    expect(at(method, 'k_mesh')).toEqual({
      sampling_method: 'Monkhorst-Pack',
      grid: [2, 2, 2],
      offset: [0, 0, 0],
      n_points: 2,
      points: [
        [0.25, 0.25, 0.25],
        [0.25, -0.25, 0.25],
      ],
      weights: [0.25, 0.75],
    });
    expect(at(method, 'atom_parameters')).toEqual([
      {
        atom_number: 31,
        label: 'Ga',
        mass: 69.723 * AMU,
        n_valence_electrons: 13,
        pseudopotential_name: 'PAW_PBE Ga_d 06Jul2010',
        pseudopotential: {
          name: 'PAW_PBE Ga_d 06Jul2010',
          type: 'PAW',
          xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
        },
      },
      {
        atom_number: 33,
        label: 'As',
        mass: 74.922 * AMU,
        n_valence_electrons: 5,
        pseudopotential_name: 'PAW_PBE As 22Sep2009',
        pseudopotential: {
          name: 'PAW_PBE As 22Sep2009',
          type: 'PAW',
          xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
        },
      },
    ]);
    expect(at(method, 'x_vasp_incar_in')).toMatchObject({
      SYSTEM: 'GaAs relax',
      ISPIN: 2,
      LWAVE: false,
      MAGMOM: [1, 0.5],
    });
    expect(at(method, 'x_vasp_incar_out')).toMatchObject({
      PREC: 'normal',
      ENMAX: 450,
      NELM: 60,
      LHFCALC: false,
    });
  });

  it('gives one system per ionic step in metres', () => {
    expect(at(run, 'system/length')).toBe(2);
    const first = at(run, 'system/0/atoms');
    expect(at(first, 'labels')).toEqual(['Ga', 'As']);
    expect(at(first, 'species')).toEqual([31, 33]);
    expect(at(first, 'periodic')).toEqual([true, true, true]);
    expectAllClose(at(first, 'lattice_vectors/0'), [0, 2.825 * ANGSTROM, 2.825 * ANGSTROM]);
    // As at (1/4, 1/4, 1/4) of the fcc cell with a/2 = 2.825 Å: 1.4125 Å along each axis.
    expectAllClose(at(first, 'positions/1'), [1.4125e-10, 1.4125e-10, 1.4125e-10]);
    expectAllClose(at(run, 'system/1/atoms/positions/1'), [1.41e-10, 1.41e-10, 1.41e-10]);
    expect(at(run, 'system/1/chemical_composition_hill')).toBe('AsGa');
  });

  it('converts energies, forces and stress of each step, fixing the shifted closing energies', () => {
    const calc = at(run, 'calculation/0');
    expect(at(calc, 'system_ref')).toBe('/run/0/system/0');
    expect(at(calc, 'method_ref')).toBe('/run/0/method/0');
    // free from the closing block; total and total_t0 from the last scf step (the block holds
    // E(sigma->0) = -8.495 and -TS = -0.01 in their places).
    expect(at(calc, 'energy')).toEqual({
      free: { value: -8.5 * EV },
      total: { value: -8.49 * EV },
      total_t0: { value: -8.495 * EV },
    });
    expect(at(calc, 'n_scf_iterations')).toBe(2);
    expect(at(calc, 'scf_iteration/0/energy')).toEqual({
      free: { value: -8 * EV },
      total: { value: -7.99 * EV },
      total_t0: { value: -7.995 * EV },
      xc: { value: 5 * EV },
      correction_hartree: { value: -40 * EV },
    });
    expect(at(calc, 'forces/total/value/0')).toEqual([
      0.01 * EV_PER_ANGSTROM,
      -0.02 * EV_PER_ANGSTROM,
      0.03 * EV_PER_ANGSTROM,
    ]);
    expect(at(calc, 'stress/total/value/0')).toEqual([-5.5 * KBAR, 0, 0]);
    expect(at(calc, 'eigenvalues')).toBeUndefined();
    expect(at(calc, 'dos_electronic')).toBeUndefined();
  });

  it('gives wall times per scf and ionic step, and the time elapsed since the start', () => {
    // Step 1: scf walls 1.5 and 2.25 s, totalsc wall 3.8 s; step 2: 1.1 and 1.2 s, totalsc 2.4 s.
    expect(at(run, 'calculation/0/scf_iteration/1/time_calculation')).toBe(2.25);
    expect(at(run, 'calculation/0/scf_iteration/1/time_physical')).toBe(3.75);
    expect(at(run, 'calculation/0/time_calculation')).toBe(3.8);
    expect(at(run, 'calculation/0/time_physical')).toBe(3.8);
    expectClose(at(run, 'calculation/1/scf_iteration/0/time_physical'), 4.9);
    expect(at(run, 'calculation/1/time_calculation')).toBe(2.4);
    expectClose(at(run, 'calculation/1/time_physical'), 6.2);
  });

  it('gives the last step eigenvalues, band edges and the Fermi energy', () => {
    const calc = at(run, 'calculation/1');
    expect(at(calc, 'energy/total')).toEqual({ value: -8.52 * EV });
    expect(at(calc, 'energy/fermi')).toBe(2.3 * EV);
    // Occupied (occ >= 0.5) maximum 2.5 eV (spin 1, k 2); unoccupied minimum 2.1 eV (spin 2, occ 0.4).
    expect(at(calc, 'energy/highest_occupied')).toBe(2.5 * EV);
    expect(at(calc, 'energy/lowest_unoccupied')).toBe(2.1 * EV);
    const eig = at(calc, 'eigenvalues/0');
    expect(at(eig, 'n_spin_channels')).toBe(2);
    expect(at(eig, 'n_kpoints')).toBe(2);
    expect(at(eig, 'n_bands')).toBe(3);
    expect(at(eig, 'kpoints_weights')).toEqual([0.25, 0.75]);
    expect(at(eig, 'energies/1/0')).toEqual([-4.9 * EV, 2.1 * EV, 6.1 * EV]);
    expect(at(eig, 'occupations/0/1')).toEqual([1, 0.6, 0]);
  });

  it('gives one DOS per spin channel with atom and orbital projections', () => {
    const dos = at(run, 'calculation/1/dos_electronic') as unknown[];
    expect(dos).toHaveLength(2);
    expect(dos.map((d) => at(d, 'spin_channel'))).toEqual([0, 1]);
    expect(at(dos[0], 'energy_fermi')).toBe(2.3 * EV);
    expect(at(dos[0], 'energies')).toEqual([-6 * EV, -2 * EV, 2 * EV, 6 * EV]);
    expect(at(dos[0], 'total/0/spin')).toBe(0);
    expect(at(dos[0], 'total/0/value')).toEqual([0, 1.5 / EV, 2.5 / EV, 0.5 / EV]);
    expect(at(dos[1], 'total/0/value_integrated')).toEqual([0, 0.8, 2.5, 3.5]);
    const projected = at(dos[0], 'orbital_projected') as unknown[];
    expect(projected).toHaveLength(8);
    // Ion 2 (As), px column of spin 1: 0.1 states/eV at 6 eV.
    expect(projected[7]).toEqual({
      spin: 0,
      atom_index: 1,
      atom_label: 'As',
      m_kind: 'spherical',
      orbital: 'px',
      lm: [1, 1],
      value: [0, 0.1 / EV, 0.4 / EV, 0.1 / EV],
    });
    expect(at(dos[1], 'orbital_projected/0/value')).toEqual([0, 0.3 / EV, 0.2 / EV, 0.1 / EV]);
  });

  it('describes the relaxation workflow and the entry', () => {
    expect(output.sections.workflow2).toEqual({
      m_def: 'simulationworkflowschema.GeometryOptimization',
      name: 'GeometryOptimization',
      method: {
        type: 'cell_shape',
        method: 'conjugant_gradient',
        convergence_tolerance_force_maximum: 0.01 * EV_PER_ANGSTROM,
        optimization_steps_maximum: 10,
      },
    });
    expect(output.entryType).toBe('VASP');
    expect(output.entryName).toBe('AsGa VASP simulation');
    expect(output.structure?.species).toEqual(['Ga', 'As']);
    expectAllClose(output.structure?.lattice?.[2], [2.82e-10, 2.82e-10, 0]);
    expect(output.structure?.periodic).toEqual([true, true, true]);
  });
});

describe('VASP line-mode fixture (Si HSE06 band structure)', () => {
  const output = parse(BANDS);
  const run = at(output.sections, 'run/0');
  const calc = at(run, 'calculation/0');

  it('reads the hybrid functional and the line-mode k-points', () => {
    expect(at(run, 'method/0/dft/xc_functional/hybrid')).toEqual([
      { name: 'HYB_GGA_XC_HSE06', parameters: { exact_exchange_mixing_factor: 0.25 } },
    ]);
    expect(at(run, 'method/0/k_mesh')).toMatchObject({
      x_vasp_n_points_per_segment: 3,
      x_vasp_line_path_endpoints: [
        [
          [0, 0, 0],
          [0.5, 0, 0.5],
        ],
        [
          [0.5, 0, 0.5],
          [0.5, 0.5, 0.5],
        ],
      ],
    });
    expect(output.sections.workflow2).toEqual({
      m_def: 'simulationworkflowschema.SinglePoint',
      name: 'SinglePoint',
    });
  });

  it('splits the eigenvalues into band-structure segments', () => {
    expect(at(calc, 'eigenvalues')).toBeUndefined();
    const bands = at(calc, 'band_structure_electronic/0');
    expect(at(bands, 'energy_fermi')).toBe(5.7 * EV);
    expect(at(bands, 'segment/length')).toBe(2);
    expect(at(bands, 'segment/1/kpoints')).toEqual([
      [0.5, 0, 0.5],
      [0.5, 0.25, 0.5],
      [0.5, 0.5, 0.5],
    ]);
    expect(at(bands, 'segment/1/energies/0/2')).toEqual([4.8 * EV, 7.5 * EV]);
    expect(at(bands, 'segment/0/occupations/0/0')).toEqual([1, 0]);
    expect(at(bands, 'segment/0/endpoints_labels')).toBeUndefined();
    // fcc with a/2 = 2.735 Å: b1 = (-1, 1, 1) / (2 · 2.735 Å), no 2π.
    const b = 1 / (2 * 2.735e-10);
    expectAllClose(at(bands, 'reciprocal_cell/0'), [-b, b, b]);
    expectAllClose(at(bands, 'reciprocal_cell/2'), [b, b, -b]);
    expect(at(calc, 'energy/highest_occupied')).toBe(5.6 * EV);
    expect(at(calc, 'energy/lowest_unoccupied')).toBe(7.1 * EV);
    expect(at(calc, 'energy/fermi')).toBe(5.7 * EV);
    expect(at(calc, 'dos_electronic')).toBeUndefined();
  });
});

describe('VASP parser errors', () => {
  const text = readFileSync(RELAX, 'latin1');

  it('keeps the complete steps of a truncated file and says where it stops', () => {
    const cut = text.slice(0, text.lastIndexOf('<eigenvalues>') + 40);
    const warnings: string[] = [];
    const output = parseVasprun(Buffer.from(cut, 'latin1'), (_, event) => warnings.push(event));
    expect(at(output.sections, 'run/0/calculation/length')).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^the run did not finish \(vasprun\.xml is truncated: the file ends \(line \d+\) inside <modeling> > <calculation> > <eigenvalues> > <array>.*\): its 1 complete ionic step\(s\) are kept$/,
    );
  });

  it('fails a truncated file with neither a structure nor a complete step', () => {
    const cut = text.slice(0, text.indexOf('<structure name="initialpos"'));
    const warnings: string[] = [];
    expect(() => parseVasprun(Buffer.from(cut, 'latin1'), (_, event) => warnings.push(event))).toThrow(
      /^vasprun\.xml is truncated: the file ends \(line \d+\) inside <modeling>/,
    );
    // Nothing is stored, so no warning says what would have been.
    expect(warnings).toEqual([]);
  });

  it('rejects other XML and other programs', () => {
    expect(() => parseVasprun(Buffer.from('<?xml version="1.0"?><html></html>'), () => {})).toThrow(
      'vasprun.xml: not a VASP run: the root element is <html>, not <modeling> (<html> on line 1)',
    );
    const other = text.replace(
      '<i name="program" type="string">vasp </i>',
      '<i name="program" type="string">other</i>',
    );
    expect(() => parseVasprun(Buffer.from(other, 'latin1'), () => {})).toThrow(
      "vasprun.xml: not a VASP run (the generator's program is 'other')",
    );
  });

  it('rejects rows of the wrong length and atom-count mismatches', () => {
    const badRow = text.replace(
      '<v>       0.01000000      -0.02000000       0.03000000 </v>',
      '<v> 0.01 </v>',
    );
    expect(() => parseVasprun(Buffer.from(badRow, 'latin1'), () => {})).toThrow(
      /expected 3 numbers, found 1 \(<v> on line \d+\)/,
    );
    const extraAtom = text.replace(
      '<rc><c>As</c><c>   2</c></rc>',
      '<rc><c>As</c><c>   2</c></rc><rc><c>As</c><c>   2</c></rc>',
    );
    expect(() => parseVasprun(Buffer.from(extraAtom, 'latin1'), () => {})).toThrow(
      'vasprun.xml: the structure of ionic step 1 has 2 positions but atominfo lists 3 atoms',
    );
  });
});

describe('VASP parser in the pipeline', () => {
  it('takes the potentials cutoffs from a POTCAR beside the file', async () => {
    const raw = await mkdtemp(join(tmpdir(), 'oasis-vasp-'));
    try {
      await copyFile(RELAX, join(raw, 'vasprun.xml'));
      // Headers only, as a stripped POTCAR keeps them; Ga_d's ENMAX 282.7 eV, As's 208.7 eV.
      const header = (title: string, enmax: number): string =>
        `  ${title}\n   LEXCH  = PE\n   TITEL  = ${title}\n   ENMAX  =  ${enmax}; ENMIN  =  100.000 eV\n   LPAW   =        T    paw PP\n`;
      await writeFile(
        join(raw, 'POTCAR'),
        header('PAW_PBE Ga_d 06Jul2010', 282.7) + header('PAW_PBE As 22Sep2009', 208.7),
      );
      const result = await parseMainfile({
        absolutePath: join(raw, 'vasprun.xml'),
        relativePath: 'vasprun.xml',
        rawRoot: raw,
        uploadId: 'vasp-potcar-upload',
        parser: vasprunParser,
      });
      expect(result.ok).toBe(true);
      expectClose(at(result.archive, 'run/0/method/0/atom_parameters/0/pseudopotential/cutoff'), 282.7 * EV);
      expectClose(at(result.archive, 'run/0/method/0/atom_parameters/1/pseudopotential/cutoff'), 208.7 * EV);
    } finally {
      await rm(raw, { recursive: true, force: true });
    }
  });

  it('produces an archive with run, workflow2 and metadata', async () => {
    const result = await parseMainfile({
      absolutePath: RELAX,
      relativePath: 'relax/relax-GaAs.vasprun.xml',
      uploadId: 'vasp-fixture-upload',
      parser: vasprunParser,
    });
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.archive.metadata).toMatchObject({
      parser_name: 'parsers/vasp',
      entry_type: 'VASP',
      entry_name: 'AsGa VASP simulation',
      mainfile: 'relax/relax-GaAs.vasprun.xml',
    });
    expect(at(result.archive, 'run/0/program/name')).toBe('VASP');
    expect(at(result.archive, 'run/0/calculation/length')).toBe(2);
    expect(at(result.archive, 'workflow2/name')).toBe('GeometryOptimization');
    expectClose(at(result.archive, 'run/0/calculation/1/energy/free/value'), -8.53 * EV);
  });

  it('turns a file cut inside its first step into an entry with the input structure', async () => {
    const text = readFileSync(RELAX, 'latin1');
    const result = await parseMainfile({
      absolutePath: '/nowhere/vasprun.xml',
      relativePath: 'vasprun.xml',
      uploadId: 'vasp-fixture-upload',
      parser: vasprunParser,
      content: Buffer.from(text.slice(0, text.indexOf('</calculation>')), 'latin1'),
    });
    expect(result.ok).toBe(true);
    expect(at(result.archive, 'run/0/system/length')).toBe(1);
    const warnings = (at(result.archive, 'processing_logs') as { level: string; event: string }[])
      .filter((l) => l.level === 'WARNING')
      .map((l) => l.event);
    expect(warnings.some((w) => /^the run did not finish \(vasprun\.xml is truncated/.test(w))).toBe(true);
    expect(warnings).toContain(
      'vasprun.xml has no complete <calculation>: only the input structure is stored',
    );
  });
});
