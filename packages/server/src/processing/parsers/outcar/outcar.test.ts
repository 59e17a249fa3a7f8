import { cellVolume, type Mat3 } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { outcarArchive } from './archive.ts';
import { outcarParser } from './outcar.ts';
import { elementOfPotcar, readOutcar, readParameterEcho } from './read-outcar.ts';
import { incarCandidates } from './sibling.ts';

// A two-step relaxation of Si2 (fcc a = 5.469 Å) written by hand in VASP 6's OUTCAR layout.
const FIXTURE = readFileSync(fileURLToPath(new URL('./fixtures/OUTCAR.Si-relax', import.meta.url)), 'utf8');

/** The fixture cut just before the n-th occurrence (1-based) of a marker. */
function cutBefore(marker: string, n: number): string {
  let at = -1;
  for (let k = 0; k < n; k++) at = FIXTURE.indexOf(marker, at + 1);
  return FIXTURE.slice(0, at);
}

type Section = Record<string, unknown>;
const sections = (value: unknown): Section[] => value as Section[];

describe('readOutcar', () => {
  it('reads header, parameters, POTCARs and both ionic steps of the fixture', () => {
    const o = readOutcar(FIXTURE);
    expect(o.header).toEqual({
      version: '6.3.0',
      buildDate: '20Jan22',
      buildType: 'complex',
      platform: 'LinuxIFC',
      date: '2023.05.06',
      time: '10:11:12',
      parallel: 'parallel',
    });
    expect(o.potcars).toEqual(['PAW_PBE Si 05Jan2001']);
    expect(o.elements).toEqual(['Si']);
    expect(o.ionsPerType).toEqual([2]);
    expect(o.masses).toEqual([28.09]);
    expect(o.valences).toEqual([4]);
    expect(o.parameters).toMatchObject({
      ENCUT: 300,
      EDIFF: 1e-6,
      EDIFFG: -0.02,
      IBRION: 2,
      NSW: 10,
      GGA: '--',
    });
    expect(o.incarEcho).toMatchObject({ SYSTEM: 'Si test fixture', MAGMOM: [0, 0] });
    expect(o.initialPositions?.[1]).toEqual([1.400064, 1.400064, 1.400064]);
    expect(o.finished).toBe(true);
    expect(o.steps).toHaveLength(2);
    const [first, second] = o.steps;
    // The SCF-level 'free energy TOTEN' lines are not the step's energies.
    expect(first?.energies).toEqual({ free: -10.8, withoutEntropy: -10.79, sigma0: -10.795 });
    expect(first?.nScf).toBe(2);
    expect(first?.fermi).toBe(5.9);
    expect(first?.stress).toEqual([
      [-5, 0.1, 0.3],
      [0.1, -5, 0.2],
      [0.3, 0.2, -5],
    ]);
    expect(first?.forces?.[1]).toEqual([0.15, 0.15, 0.15]);
    expect(second?.positions?.[1]).toEqual([1.36725, 1.36725, 1.36725]);
    // The second step prints no cell: the previous one carries over.
    expect(second?.lattice?.[0]).toEqual([0, 2.7345, 2.7345]);
    expect(second?.scfConverged).toBe(true);
  });

  it('reads a VASP 4 header', () => {
    const text = FIXTURE.replace(
      / vasp\.6\.3\.0 .*/,
      ' vasp.4.6.35 3Apr08 complex  parallel LinuxIFC',
    ).replace(/ running .*\n/, '');
    const o = readOutcar(text);
    expect(o.header).toMatchObject({
      version: '4.6.35',
      buildDate: '3Apr08',
      buildType: 'complex parallel LinuxIFC',
    });
    // As NOMAD shows a VASP 4 version: '4.6.35 3Apr08 complex parallel LinuxIFC'.
    expect(outcarArchive(o).run.program).toMatchObject({
      version: '4.6.35 3Apr08 complex parallel LinuxIFC',
    });
  });

  it("names a serial build 'serial' in the version", () => {
    const text = FIXTURE.replace(/ running .*\n/, ' serial version\n');
    expect(outcarArchive(readOutcar(text)).run.program).toMatchObject({
      version: '6.3.0 20Jan22 complex serial LinuxIFC',
    });
  });

  it('reads the parameter echo, including fixed-width per-type lists', () => {
    const { parameters, masses, valences } = readParameterEcho([
      '   NELM   =    100;   NELMIN=  2; NELMDL=-10     # of ELM steps',
      '   ENCUT  =  400.0 eV  29.40 Ry    5.42 a.u.',
      '   POMASS =  63.55102.91',
      '   ZVAL   =  11.00  9.00',
      '   Zab_VDW    =-.8491    correlation parameter',
      '   LREAL  =      T    real-space projection',
      '   GGA     =    MK    GGA type',
    ]);
    expect(parameters).toMatchObject({
      NELM: 100,
      NELMIN: 2,
      NELMDL: -10,
      ENCUT: 400,
      ZAB_VDW: -0.8491,
      LREAL: true,
    });
    expect(parameters.GGA).toBe('MK');
    expect(masses).toEqual([63.55, 102.91]);
    expect(valences).toEqual([11, 9]);
  });

  it('names elements from POTCAR titles', () => {
    expect(elementOfPotcar('PAW_PBE Cu_pv 06Sep2000')).toBe('Cu');
    expect(elementOfPotcar('PAW_PBE H1.25 07Sep2000')).toBe('H');
    expect(elementOfPotcar('US Si')).toBe('Si');
    expect(elementOfPotcar('PAW_PBE')).toBeUndefined();
  });

  it('uses TITEL lines when the POTCAR list is missing', () => {
    const o = readOutcar(FIXTURE.replace(/ POTCAR:.*\n/g, ''));
    expect(o.potcars).toEqual(['PAW_PBE Si 05Jan2001']);
  });

  it('refuses what is no OUTCAR and species that do not add up', () => {
    expect(() => readOutcar('hello\n')).toThrow(/does not start with VASP's version line/);
    expect(() =>
      readOutcar(FIXTURE.replace('ions per type =               2', 'ions per type =     1   2')),
    ).toThrow("OUTCAR 'ions per type' adds up to 3, but NIONS = 2");
  });

  it('names the line of a malformed block and leaves that step out, keeping the others', () => {
    const lineOf = (text: string, marker: string) =>
      text.split('\n').findIndex((l) => l.includes(marker)) + 1;
    const overflow = FIXTURE.replace(
      '      1.36725      1.36725      1.36725',
      '  *******  1.36725  1.36725',
    );
    const read = readOutcar(overflow);
    expect(read.warnings).toContain(
      `OUTCAR line ${lineOf(overflow, '*******')}: number overflow ('***') in positions and forces`,
    );
    // The table is the second step's.
    expect(read.steps[0]?.positions).toHaveLength(2);
    expect(read.steps[1]?.positions).toBeUndefined();
    const { run, warnings } = outcarArchive(read);
    expect(sections(run.calculation)).toHaveLength(1);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^OUTCAR ionic step 2 \(line \d+\) has no final positions/),
    );

    const short = readOutcar(FIXTURE.replace(/\n {6}1\.36725 .*\n/, '\n'));
    expect(short.warnings).toContainEqual(
      expect.stringMatching(
        /^OUTCAR ionic step 2 \(line \d+\): POSITION\/TOTAL-FORCE block has 1 rows for 2 ions$/,
      ),
    );
    expect(short.steps[1]?.positions).toBeUndefined();

    const cell = FIXTURE.replace(/ {5}2\.734500000 {2}0\.000000000 .*/, '     2.7345 x');
    const badCell = readOutcar(cell);
    expect(badCell.warnings).toContain(
      `OUTCAR line ${lineOf(cell, '2.7345 x')}: expected a lattice vector, found '2.7345 x'`,
    );
    // The unreadable cell is the initial one; both steps print their own.
    expect(badCell.initialLattice).toBeUndefined();
    expect(badCell.steps.map((step) => step.lattice?.[0])).toEqual([
      [0, 2.7345, 2.7345],
      [0, 2.7345, 2.7345],
    ]);
  });
});

describe('outcarArchive', () => {
  it('builds NOMAD run and workflow2 sections in SI units', () => {
    const { run, workflow2, structure, warnings } = outcarArchive(readOutcar(FIXTURE));
    expect(warnings).toEqual([]);
    expect(run.program).toEqual({
      name: 'VASP',
      version: '6.3.0 20Jan22 complex parallel LinuxIFC',
      // 2023-05-06T10:11:12Z
      compilation_datetime: 1683367872,
    });
    const [method] = sections(run.method);
    expect(method).toMatchObject({
      // GGA = '--' with PAW_PBE potentials is PBE.
      dft: { xc_functional: { exchange: [{ name: 'GGA_X_PBE' }], correlation: [{ name: 'GGA_C_PBE' }] } },
      // ISMEAR = 0, SIGMA = 0.05 eV; NBANDS from the array dimensions.
      electronic: { method: 'DFT', n_spin_channels: 1, n_bands: 8, smearing: { kind: 'gaussian' } },
      scf: { threshold_energy_change: 1.602176634e-25, n_max_iteration: 60 },
      x_vasp_incar_in: { SYSTEM: 'Si test fixture' },
      x_vasp_incar_out: { ENCUT: 300 },
    });
    // PREC = normal; ENCUT 300 eV for the wave functions, ENAUG 322.1 eV for the augmentation charges.
    const [representation] = sections(method?.electrons_representation);
    expect(representation).toMatchObject({
      type: 'plane waves',
      scope: ['wavefunction'],
      native_tier: 'normal',
    });
    const [valence, augmentation] = sections(representation?.basis_set);
    expect(valence).toMatchObject({ type: 'plane waves', scope: ['valence'] });
    expect(valence?.cutoff).toBeCloseTo(4.806529902e-17, 26);
    expect(augmentation).toMatchObject({ type: 'plane waves', scope: ['augmentation'] });
    expect(augmentation?.cutoff).toBeCloseTo(322.1 * 1.602176634e-19, 26);
    const [atom] = sections(method?.atom_parameters);
    expect(atom).toMatchObject({
      atom_number: 14,
      label: 'Si',
      n_valence_electrons: 4,
      pseudopotential_name: 'PAW_PBE Si 05Jan2001',
      pseudopotential: {
        name: 'PAW_PBE Si 05Jan2001',
        type: 'PAW',
        xc_functional_name: ['GGA_X_PBE', 'GGA_C_PBE'],
      },
    });
    // ENMAX 245.345 eV of the POTCAR header.
    expect((atom?.pseudopotential as Section).cutoff).toBeCloseTo(245.345 * 1.602176634e-19, 26);
    // 28.085 amu (POTCAR header; the parameter echo rounds to 28.09) * 1.6605390666e-27 kg
    expect(atom?.mass).toBeCloseTo(28.085 * 1.6605390666e-27, 36);
    // IBZKPT: 3 irreducible k-points standing for 1, 4 and 3 of the 8 of the mesh.
    expect(method?.k_mesh).toEqual({
      n_points: 3,
      points: [
        [0, 0, 0],
        [0.5, 0, 0],
        [0.5, 0.5, 0],
      ],
      weights: [1 / 8, 4 / 8, 3 / 8],
      multiplicities: [1, 4, 3],
    });

    const systems = sections(run.system);
    expect(systems).toHaveLength(2);
    const atoms = systems[1]?.atoms as Section;
    expect(atoms.labels).toEqual(['Si', 'Si']);
    expect(atoms.species).toEqual([14, 14]);
    expect(atoms.periodic).toEqual([true, true, true]);
    expect((atoms.positions as number[][])[1]?.[0]).toBeCloseTo(1.36725e-10, 22);
    // V = a^3 / 4 = 5.469^3 / 4 = 40.894394 Å^3
    expect(cellVolume(atoms.lattice_vectors as Mat3) / 1e-30).toBeCloseTo(40.894394177, 6);

    const calculations = sections(run.calculation);
    expect(calculations).toHaveLength(2);
    const last = calculations[1] as Section & {
      energy: {
        total: { value: number };
        free: { value: number };
        total_t0: { value: number };
        fermi: number;
      };
    };
    expect(last.system_ref).toBe('/run/0/system/1');
    expect(last.method_ref).toBe('/run/0/method/0');
    // eV * 1.602176634e-19 J/eV, computed by hand.
    expect(last.energy.total.value).toBeCloseTo(-1.736759471256e-18, 29);
    expect(last.energy.free.value).toBeCloseTo(-1.73836164789e-18, 29);
    expect(last.energy.total_t0.value).toBeCloseTo(-1.737560559573e-18, 29);
    expect(last.energy.fermi).toBeCloseTo(9.5329509723e-19, 29);
    expect(last.calculation_converged).toBe(true);
    const first = calculations[0] as {
      forces: { total: { value: number[][] } };
      stress: { total: { value: number[][] } };
    };
    // 0.15 eV/Å = 2.403264951e-10 N; -5 kB = -5e8 Pa, ZX 0.3 kB = 3e7 Pa.
    expect(first.forces.total.value[1]?.[2]).toBeCloseTo(2.403264951e-10, 19);
    expect(first.stress.total.value[0]).toEqual([-5e8, 1e7, 3e7]);

    expect(workflow2).toEqual({
      m_def: 'simulationworkflowschema.GeometryOptimization',
      name: 'GeometryOptimization',
      method: {
        type: 'atomic',
        method: 'conjugant_gradient',
        convergence_tolerance_force_maximum: expect.closeTo(3.204353268e-11, 20) as number,
        optimization_steps_maximum: 10,
      },
    });
    // |EDIFFG| = 0.02 eV/Å = 3.204353268e-11 N
    expect(structure.positions[1]?.[0]).toBeCloseTo(1.36725e-10, 22);
  });

  it('lets INCAR file tags fill in what the OUTCAR does not echo', () => {
    const { run } = outcarArchive(readOutcar(FIXTURE), { LDAU: true, GGA: 'PS', ENCUT: 999 });
    const [method] = sections(run.method);
    // LDAU is not echoed; the echoed GGA and ENCUT are what VASP used.
    expect(method).toMatchObject({
      electronic: { method: 'DFT+U' },
      dft: { xc_functional: { exchange: [{ name: 'GGA_X_PBE' }] } },
      x_vasp_incar_in: { LDAU: true, GGA: 'PS', ENCUT: 999 },
    });
    const [representation] = sections(method?.electrons_representation);
    expect(sections(representation?.basis_set)[0]?.cutoff).toBeCloseTo(4.80653e-17, 21);
  });

  it('gives scf iterations, wall times, eigenvalues and band edges', () => {
    const { run } = outcarArchive(readOutcar(FIXTURE));
    const [first, second] = sections(run.calculation);
    const scf = sections(first?.scf_iteration);
    expect(scf).toHaveLength(2);
    expect(first?.n_scf_iterations).toBe(2);
    const eV = 1.602176634e-19;
    expect((scf[1]?.energy as Section).free).toEqual({ value: -10.799 * eV });
    expect((scf[1]?.energy as Section).sum_eigenvalues).toEqual({ value: -4.5 * eV });
    // LOOP real times 0.42 and 0.31 s; LOOP+ 0.85 s for step 1 and 1.25 s for step 2.
    expect(scf[1]?.time_calculation).toBe(0.31);
    expect(scf[1]?.time_physical).toBeCloseTo(0.73, 12);
    expect(first?.time_calculation).toBe(0.85);
    expect(first?.time_physical).toBe(0.85);
    expect(second?.time_calculation).toBe(1.25);
    expect(second?.time_physical).toBeCloseTo(2.1, 12);
    // The run started 2023-05-06T10:11:12Z and took 2.6 s of wall time.
    expect(run.time_run).toEqual({
      date_start: 1683367872,
      wall_start: 0,
      wall_end: 2.6,
      date_end: 1683367874.6,
    });
    // Step 2 prints 8 bands at the 3 k-points, occupations as printed (2 per band).
    expect(first?.eigenvalues).toBeUndefined();
    const [eigenvalues] = sections(second?.eigenvalues);
    expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 3, n_bands: 8 });
    expect((eigenvalues?.energies as number[][][])[0]?.[1]?.[7]).toBeCloseTo(13.1 * eV, 30);
    expect((eigenvalues?.occupations as number[][][])[0]?.[2]).toEqual([2, 2, 2, 2, 0, 0, 0, 0]);
    expect(eigenvalues?.kpoints_multiplicities).toEqual([1, 4, 3]);
    // Highest occupied 6.2 eV (k-point 1), lowest unoccupied 6.8 eV (k-point 3).
    const energy = second?.energy as Section;
    expect(energy.highest_occupied).toBeCloseTo(6.2 * eV, 30);
    expect(energy.lowest_unoccupied).toBeCloseTo(6.8 * eV, 30);
  });

  it('adds a GW method after the DFT one for a GW run and refers the steps to it', () => {
    const { run } = outcarArchive(
      readOutcar(FIXTURE.replace('   NSW = 10\n', '   NSW = 10\n   ALGO = G0W0\n')),
    );
    const methods = sections(run.method);
    expect(methods).toHaveLength(2);
    expect(methods[1]).toMatchObject({
      starting_method_ref: '/run/0/method/0',
      gw: { type: 'G0W0', n_states: 8 },
    });
    expect(sections(run.calculation).map((c) => c.method_ref)).toEqual([
      '/run/0/method/1',
      '/run/0/method/1',
    ]);
  });

  it('picks the workflow from NSW and IBRION', () => {
    const workflow = (text: string): unknown => outcarArchive(readOutcar(text)).workflow2;
    expect(workflow(FIXTURE.replace('NSW    =     10', 'NSW    =      0'))).toEqual({
      m_def: 'simulationworkflowschema.SinglePoint',
      name: 'SinglePoint',
    });
    expect(workflow(FIXTURE.replace('IBRION =      2', 'IBRION =      0'))).toMatchObject({
      name: 'MolecularDynamics',
    });
    const phonon = outcarArchive(readOutcar(FIXTURE.replace('IBRION =      2', 'IBRION =      6')));
    expect(phonon.workflow2).toBeUndefined();
    expect(phonon.warnings).toContain(
      'IBRION = 6 (not a single point, MD or relaxation): no workflow2 section',
    );
  });

  it('leaves out an unfinished last step and says so', () => {
    const { run, warnings } = outcarArchive(readOutcar(cutBefore('FREE ENERGIE', 2)));
    expect(sections(run.calculation)).toHaveLength(1);
    expect(sections(run.system)).toHaveLength(1);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `ionic step 2 \\(line ${FIXTURE.split('\n').findIndex((l) => l.includes('Iteration    2(   1)')) + 1}\\)` +
            ' has no final positions or energies.*stopped before finishing it',
        ),
      ),
      'OUTCAR has no final timing summary; the run did not finish',
    ]);
  });

  it('keeps the initial structure of a run without any finished step', () => {
    const { run, structure, warnings } = outcarArchive(readOutcar(cutBefore('Iteration', 1)));
    expect(run.calculation).toBeUndefined();
    expect(structure.positions[1]?.[0]).toBeCloseTo(1.400064e-10, 22);
    expect(warnings).toContain('OUTCAR has no completed ionic step; only the initial structure is kept');
    expect(() =>
      outcarArchive(readOutcar(cutBefore('Iteration', 1).replace(/position of ions in cartesian[^]*$/, ''))),
    ).toThrow('OUTCAR has no completed ionic step and no initial positions');
  });

  it('needs the species', () => {
    expect(() => outcarArchive(readOutcar(FIXTURE.replace(/ POTCAR:.*\n|.*TITEL.*\n/g, '')))).toThrow(
      /names no pseudopotentials/,
    );
  });
});

/** A DOSCAR for the fixture's two Si ions: 3 energies, lm-resolved projections (9 columns). */
const ION_ROWS = (ion: number): string =>
  [-10, 0, 10]
    .map(
      (e, k) =>
        `  ${e.toFixed(3)}` +
        [...Array(9).keys()].map((c) => `  ${(ion + c / 10 + k).toFixed(4)}E+00`).join(''),
    )
    .join('\n');
const DOSCAR = [
  '   2   2   1   0',
  '  0.4089E+02  0.3867E-09  0.3867E-09  0.3867E-09  0.5000E-15',
  '  1.000000000000000E-004',
  '  CAR ',
  ' Si2',
  '     10.00000000    -10.00000000    3      5.95000000      1.00000000',
  '   -10.000  0.0000E+00  0.0000E+00',
  '     0.000  0.2000E+01  0.4000E+01',
  '    10.000  0.1000E+01  0.8000E+01',
  '     10.00000000    -10.00000000    3      5.95000000      1.00000000',
  ION_ROWS(0),
  '     10.00000000    -10.00000000    3      5.95000000      1.00000000',
  ION_ROWS(1),
  '',
].join('\n');

describe('outcarParser', () => {
  let raw = '';
  let outside = '';
  beforeAll(async () => {
    raw = await mkdtemp(join(tmpdir(), 'oasis-outcar-'));
    outside = await mkdtemp(join(tmpdir(), 'oasis-outside-'));
    await mkdir(join(raw, 'relax'));
    await writeFile(join(raw, 'relax', 'OUTCAR'), FIXTURE);
    await writeFile(join(raw, 'relax', 'INCAR'), 'SYSTEM = from the INCAR file\nLDAU = .TRUE.\n');
    await writeFile(join(raw, 'relax', 'DOSCAR'), DOSCAR);
    await mkdir(join(raw, 'linked'));
    await writeFile(join(raw, 'linked', 'OUTCAR.1'), FIXTURE);
    await writeFile(join(outside, 'INCAR'), 'LDAU = .TRUE.\n');
    await symlink(join(outside, 'INCAR'), join(raw, 'linked', 'INCAR.1'));
  });
  /** Runs the pipeline on a file of the temporary upload, optionally with other content. */
  const parseInUpload = (relativePath: string, content?: Buffer) =>
    parseMainfile({
      absolutePath: join(raw, relativePath),
      relativePath,
      uploadId: 'u1',
      parser: outcarParser,
      content,
    });
  afterAll(async () => {
    await rm(raw, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('claims OUTCAR files with a VASP header', () => {
    const match = (path: string, text = FIXTURE): string | undefined =>
      matchParser(path, Buffer.from(text.slice(0, 4096)), [outcarParser])?.name;
    expect(match('a/OUTCAR')).toBe('parsers/vasp-outcar');
    expect(match('OUTCAR.relax1')).toBe('parsers/vasp-outcar');
    expect(match('run.OUTCAR')).toBe('parsers/vasp-outcar');
    expect(match('OUTCAR/INCAR')).toBeUndefined();
    expect(match('OUTCAR', 'some other text\n')).toBeUndefined();
  });

  it('pairs INCAR names with OUTCAR names', () => {
    expect(incarCandidates('/x/OUTCAR')).toEqual(['INCAR']);
    expect(incarCandidates('/x/OUTCAR.relax.gz')).toEqual(['INCAR.relax', 'INCAR']);
    expect(incarCandidates('/x/step1.OUTCAR')).toEqual(['step1.INCAR', 'INCAR']);
  });

  it('parses through the pipeline and reads the sibling INCAR', async () => {
    const result = await parseInUpload('relax/OUTCAR');
    expect(result.ok).toBe(true);
    expect(result.archive.metadata).toMatchObject({
      entry_type: 'VASP',
      entry_name: 'Si2 VASP simulation',
      parser_name: 'parsers/vasp-outcar',
    });
    const [method] = sections(sections(result.archive.run)[0]?.method);
    expect(method).toMatchObject({
      electronic: { method: 'DFT+U' },
      x_vasp_incar_in: { SYSTEM: 'from the INCAR file', LDAU: true },
    });
    expect(result.logs.map((l) => l.event)).toContain('INCAR parameters read from INCAR');
    expect(result.archive.workflow2).toMatchObject({ name: 'GeometryOptimization' });
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_hill: 'Si2' } });
  });

  it('adds the density of states of the sibling DOSCAR to the last step', async () => {
    const result = await parseInUpload('relax/OUTCAR');
    const [first, last] = sections(sections(result.archive.run)[0]?.calculation);
    expect(first?.dos_electronic).toBeUndefined();
    const [dos] = sections(last?.dos_electronic);
    const eV = 1.602176634e-19;
    expect(dos?.energies).toEqual([-10 * eV, 0, 10 * eV]);
    const [total] = sections(dos?.total);
    expect(total?.value).toEqual([0, 2 / eV, 1 / eV]);
    expect(total?.value_integrated).toEqual([0, 4, 8]);
    // Orbital by orbital over both ions: [1] is ion 2's s, [5] ion 2's pz (column 3: 1.2 at 0 eV + 1).
    const projected = sections(dos?.orbital_projected);
    expect(projected).toHaveLength(18);
    expect(projected[1]).toMatchObject({ atom_index: 1, orbital: 's', lm: [0, 0] });
    expect(projected[5]).toMatchObject({ atom_index: 1, orbital: 'pz', lm: [1, 0] });
    expect(projected[5]?.value).toEqual([1.2 / eV, 2.2 / eV, 3.2 / eV]);
    expect(result.logs.map((l) => l.event)).toContain('density of states read from DOSCAR');
  });

  it('does not follow an INCAR symlink out of the upload', async () => {
    const result = await parseInUpload('linked/OUTCAR.1');
    expect(result.ok).toBe(true);
    const [method] = sections(sections(result.archive.run)[0]?.method);
    expect(method?.electronic).toMatchObject({ method: 'DFT' });
    expect(method?.x_vasp_incar_in).toMatchObject({ SYSTEM: 'Si test fixture' });
  });

  it('fails the entry with the reason when the OUTCAR is broken', async () => {
    const broken = FIXTURE.replace(/ POTCAR:.*\n|.*TITEL.*\n/g, '');
    const result = await parseInUpload('relax/OUTCAR', Buffer.from(broken));
    expect(result.ok).toBe(false);
    expect(result.errors[0]).toMatch(/parser failed: OUTCAR names no pseudopotentials/);
  });
});

const samples = fileURLToPath(new URL('../../../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`OUTCAR sample tests skipped: ${samples} is absent (shared workspace files)`);

describe.skipIf(!available)('OUTCAR samples', () => {
  it('RhCu-outcar: the last relaxation step of a Cu44Rh slab with its INCAR', async () => {
    const relativePath = 'vasp/RhCu-outcar/OUTCAR';
    const head = readFileSync(join(samples, relativePath)).subarray(0, 4096);
    expect(matchParser(relativePath, head, [outcarParser])?.name).toBe('parsers/vasp-outcar');
    const result = await parseMainfile({
      absolutePath: join(samples, relativePath),
      relativePath,
      rawRoot: samples,
      uploadId: 'samples',
      parser: outcarParser,
    });
    expect(result.ok).toBe(true);
    expect(result.logs.filter((l) => l.level !== 'INFO')).toEqual([]);
    expect(result.archive.metadata.entry_name).toBe('Cu44Rh VASP simulation');
    const [run] = sections(result.archive.run);
    expect(run?.program).toEqual({
      name: 'VASP',
      version: '5.4.1 24Jun15 complex parallel IFC91_ompi',
      compilation_datetime: 1515872000, // 2018-01-13T19:33:20Z
    });
    const [method] = sections(run?.method);
    // GGA = MK: optB86b-vdW exchange (NOMAD names no correlation for the vdW-DF family).
    expect(method).toMatchObject({
      dft: { xc_functional: { exchange: [{ name: 'GGA_X_OPTB86B_VDW' }], correlation: [] } },
      // NELECT = 493, NBANDS = 296; ISMEAR = 1 is Methfessel-Paxton.
      electronic: { method: 'DFT', n_electrons: 493, n_bands: 296, smearing: { kind: 'methfessel-paxton' } },
      scf: { threshold_energy_change: 1.602176634e-26 },
      atom_parameters: [
        { label: 'Cu', n_valence_electrons: 11, pseudopotential_name: 'PAW_PBE Cu 05Jan2001' },
        { label: 'Rh', n_valence_electrons: 9, pseudopotential_name: 'PAW_PBE Rh 06Sep2000' },
      ],
    });
    const systems = sections(run?.system);
    expect(systems).toHaveLength(1);
    const atoms = systems[0]?.atoms as Section;
    expect((atoms.labels as string[]).filter((s) => s === 'Cu')).toHaveLength(44);
    expect((atoms.labels as string[])[44]).toBe('Rh');
    // OUTCAR: 'volume of cell : 930.40'; |det| of the printed vectors = 930.4025 Å^3.
    expect(cellVolume(atoms.lattice_vectors as Mat3) / 1e-30).toBeCloseTo(930.4025, 3);
    const [calc] = sections(run?.calculation) as { energy: { free: { value: number }; fermi: number } }[];
    // TOTEN = -61.98570046 eV; E-fermi = 0.0637 eV.
    expect(calc?.energy.free.value).toBeCloseTo(-61.98570046 * 1.602176634e-19, 28);
    expect(calc?.energy.fermi).toBeCloseTo(0.0637 * 1.602176634e-19, 30);
    expect(result.archive.workflow2).toMatchObject({ name: 'GeometryOptimization' });
  });
});
