import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { bandStructureSection, readBandDat, readBandXml } from './band.ts';
import { dosSections, readDosXml, readTdos } from './dos.ts';
import { excitingParser } from './exciting.ts';
import { readEvalqp, readGwInfo } from './gw.ts';

/** A ground state of our own in INFO.OUT's layout: silicon, one SCF iteration. */
const info = `| EXCITING NITROGEN started                                                    =
| version hash id: 0123456789abcdef0123456789abcdef01234567                    =
 Lattice vectors (cartesian) :
      5.1300000000      5.1300000000      0.0000000000
      5.1300000000      0.0000000000      5.1300000000
      0.0000000000      5.1300000000      5.1300000000
 Species :    1 (Si)
     atomic positions (lattice) :
       1 :   0.00000000  0.00000000  0.00000000
       2 :   0.25000000  0.25000000  0.25000000
 k-point grid                               :       4    4    4
| SCF iteration number :    1                                                  +
 Total energy                               :      -578.50000000
 Fermi energy                               :         0.20000000
 Wall time (seconds)                        :         1.50
| Self-consistent loop stopped                                                 +
| EXCITING NITROGEN stopped                                                    =
`;

/** GW_INFO.OUT of our own: a G0W0 task on a 2x2x2 q-grid with four frequencies. */
const gwInfo = `
================================================================================
=                            Main GW output file                               =
================================================================================
 GW taskname:

   g0w0 - G0W0 run

 Number of frequencies:           4
 Grid type:
   gaule2 - Grid for double Gauss-Legendre quadrature,
 Analytic continuation method:
  pade - Thiele's reciprocal difference method
 Core electrons treatment:
   all - Core states are included in all calculations
 Number of empty states (GW):          50
 Quasiparticle band range:       1     8
   k/q-points grid:            2           2           2
 frequency list: < #    freqs    weight >
   1  0.1000000000      0.2000000000
   2  0.4000000000      0.3000000000
   3   1.500000000       1.000000000
   4   8.000000000       9.000000000

--------------------------------------------------------------------------------
-                                     KS                                       -
--------------------------------------------------------------------------------
 Fermi energy:     0.2000
 Fundamental BandGap (eV):                 0.5000
--------------------------------------------------------------------------------
-                                    G0W0                                      -
--------------------------------------------------------------------------------
 Fermi energy:    -0.0010
 Fundamental BandGap (eV):                 1.2000
================================================================================
=                          GW timing info (seconds)                            =
================================================================================
 Total                                      :        12.50
`;

const evalqp = ` k-point #     1:    0.000000    0.000000    0.000000    0.125000
 state    E_KS      E_HF       E_GW       Sx         Sc         Vxc         DE_HF        DE_GW       Znk
   1    -0.20000   -0.40000   -0.30000   -0.60000    0.20000   -0.45000   -0.20000   -0.10000    0.75000
   2     0.30000    0.50000    0.40000   -0.20000   -0.15000   -0.40000    0.20000    0.10000    0.80000

k-point #     2:    0.000000    0.500000    0.500000    0.875000
 state    E_KS      E_HF       E_GW       Sx         Sc         Vxc         DE_HF        DE_GW       Znk
   1    -0.10000   -0.30000   -0.25000   -0.55000    0.18000   -0.44000   -0.20000   -0.15000    0.70000
   2     0.35000    0.55000    0.45000   -0.21000   -0.16000   -0.41000    0.20000    0.10000    0.81000
`;

/** Two k-path stretches, Γ-X then X-W, the vertex X printed twice; two bands. */
const bandDat = `#        1        2        5
     1     1    0.000000    0.000000    0.000000   0.000000000     -0.3000000000
     1     2    0.250000    0.000000    0.250000   0.100000000     -0.2500000000
     1     3    0.500000    0.000000    0.500000   0.200000000     -0.2000000000
     1     4    0.500000    0.000000    0.500000   0.200000000     -0.2000000000
     1     5    0.500000    0.250000    0.750000   0.300000000     -0.1500000000

     2     1    0.000000    0.000000    0.000000   0.000000000      0.1000000000
     2     2    0.250000    0.000000    0.250000   0.100000000      0.1500000000
     2     3    0.500000    0.000000    0.500000   0.200000000      0.2000000000
     2     4    0.500000    0.000000    0.500000   0.200000000      0.2000000000
     2     5    0.500000    0.250000    0.750000   0.300000000      0.2500000000
`;

const tdos = ` -0.1000000000       0.000000000
  0.0000000000       2.000000000
  0.1000000000       4.000000000
`;

/** dos.xml of a spin-polarised run: total DOS per spin, one atom's s and one p projection. */
const dosXml = `<dos>
  <totaldos>
    <diagram type="totaldos" nspin="1">
      <point e="-0.1" dos="1.0"/>
      <point e="0.1" dos="2.0"/>
    </diagram>
    <diagram type="totaldos" nspin="2">
      <point e="-0.1" dos="3.0"/>
      <point e="0.1" dos="4.0"/>
    </diagram>
  </totaldos>
  <partialdos type="partial" speciessym="" speciesrn="1" atom="1">
    <diagram nspin="1" l="0" m="0"><point e="-0.1" dos="0.5"/><point e="0.1" dos="0.6"/></diagram>
    <diagram nspin="1" l="1" m="-1"><point e="-0.1" dos="0.7"/><point e="0.1" dos="0.8"/></diagram>
    <diagram nspin="2" l="0" m="0"><point e="-0.1" dos="0.9"/><point e="0.1" dos="1.1"/></diagram>
    <diagram nspin="2" l="1" m="-1"><point e="-0.1" dos="1.2"/><point e="0.1" dos="1.3"/></diagram>
  </partialdos>
  <interstitialdos>
    <diagram type="interstitial" nspin="1"><point e="-0.1" dos="9.0"/><point e="0.1" dos="9.0"/></diagram>
  </interstitialdos>
</dos>
`;

const input = `<input>
  <groundstate ngridk="4 4 4" vkloff="0.5 0.5 0.5"/>
  <gw taskname="g0w0" ngridq="2 2 2" nempty="50">
    <!-- <scrcoul scrtype="ppm"/> is not a setting -->
    <scrcoul scrtype="rpa"/>
  </gw>
</input>
`;

const { parse } = parserInFolders(excitingParser, 'exciting-gw');

describe("exciting's GW_INFO.OUT and EVALQP.DAT", () => {
  it('are matched as an exciting mainfile by name and heading', () => {
    expect(matchParser('run/GW_INFO.OUT', Buffer.from(gwInfo))?.name).toBe('parsers/exciting');
  });

  it('reads the task, frequency grid, continuation, band range, q-grid and the G0W0 Fermi energy and gap', () => {
    const read = readGwInfo(gwInfo);
    expect(read).toMatchObject({
      tasks: ['g0w0'],
      gwType: 'G0W0',
      frequencyGrid: 'gaule2',
      continuation: 'pade',
      coreTreatment: 'all',
      nEmpty: 50,
      bandRange: [1, 8],
      qGrid: [2, 2, 2],
      fermi: -0.001,
      fundamentalGap: 1.2,
      seconds: 12.5,
    });
    expect(read.frequencies).toEqual([0.1, 0.4, 1.5, 8]);
    expect(() => readGwInfo('nothing here')).toThrow('not an exciting GW_INFO.OUT');
  });

  it('reads an older GW_INFO.OUT: input-parameter heading, upper-case PADE, a direct gap of the G0W0+SO bands', () => {
    const read = readGwInfo(
      [
        '=                            GW input parameters                               =',
        ' GW taskname:',
        '   g0w0 - G0W0 run',
        ' Analytic continuation method:',
        '  PADE - Thiele',
        '-                            KS+SO band structure                              -',
        ' Fermi energy:     0.0781',
        ' Direct BandGap (eV):                      2.2646',
        '-                           G0W0+SO band structure                             -',
        ' Fermi energy:    -0.0062',
        ' Direct BandGap (eV):                      2.7605',
      ].join('\n'),
    );
    expect(read).toMatchObject({ continuation: 'pade', fermi: -0.0062, directGap: 2.7605 });
    expect(read.fundamentalGap).toBeUndefined();
  });

  it('reads EVALQP.DAT by its column names: E_GW, Sx, Sc, Vxc, Znk per k-point and state', () => {
    const section = readEvalqp(evalqp, 1) as Record<string, unknown>;
    expect(section).toMatchObject({
      n_kpoints: 2,
      n_bands: 2,
      kpoints: [
        [0, 0, 0],
        [0, 0.5, 0.5],
      ],
    });
    expectClose(at(section, 'energies/0/1/1'), 0.45 * HARTREE);
    expectClose(at(section, 'value_exchange/0/0/0'), -0.6 * HARTREE);
    expectClose(at(section, 'value_correlation/0/1/0'), 0.18 * HARTREE);
    expectClose(at(section, 'value_xc_potential/0/0/1'), -0.4 * HARTREE);
    expect(at(section, 'qp_linearization_prefactor/0/1/1')).toBe(0.81);
    expect(readEvalqp('', 1)).toBe("EVALQP.DAT has no 'k-point #' blocks");
  });

  it('makes a GW entry on the ground state of INFO.OUT beside it', async () => {
    const { archive, logs } = await parse('GW_INFO.OUT', {
      'GW_INFO.OUT': gwInfo,
      'INFO.OUT': info,
      'EVALQP.DAT': evalqp,
      'TDOS-QP.OUT': tdos,
      'bandstructure-qp.dat': bandDat,
      'input.xml': input,
    });
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    expect(at(archive, 'run/0/program')).toEqual({
      name: 'exciting',
      version: 'NITROGEN',
      version_internal: '0123456789abcdef0123456789abcdef01234567',
    });
    expect(at(archive, 'run/0/method/length')).toBe(1);
    const gw = at(archive, 'run/0/method/0/gw');
    expect(gw).toMatchObject({
      type: 'G0W0',
      analytical_continuation: 'pade',
      n_empty_states: 50,
      q_mesh: { grid: [2, 2, 2] },
      screening: { type: 'rpa', n_empty_states: 50, k_mesh: { grid: [2, 2, 2] } },
    });
    const mesh = at(archive, 'run/0/method/0/frequency_mesh/0');
    expect(mesh).toMatchObject({ sampling_method: 'Gauss-Legendre', n_points: 4 });
    expectClose(at(mesh, 'points/2/0'), 1.5 * HARTREE);
    const calculation = 'run/0/calculation/0';
    expectClose(at(archive, `${calculation}/energy/fermi`), -0.001 * HARTREE);
    expectClose(at(archive, `${calculation}/band_gap/0/value`), 1.2 * ELECTRON_VOLT);
    expect(at(archive, `${calculation}/band_gap/0/provenance/label`)).toBe('parser');
    expectClose(at(archive, `${calculation}/eigenvalues/0/energies/0/0/0`), -0.3 * HARTREE);
    // TDOS-QP.OUT's energies are relative to the GW Fermi energy: -0.1 Ha is -0.101 Ha absolute.
    expectClose(at(archive, `${calculation}/dos_electronic/0/energies/0`), -0.101 * HARTREE);
    expectClose(at(archive, `${calculation}/dos_electronic/0/total/0/value/2`), 4 / HARTREE);
    expect(at(archive, `${calculation}/band_structure_electronic/0/segment/length`)).toBe(2);
    expect(at(archive, 'workflow2/name')).toBe('SinglePoint');
  });

  it('fails, saying so, without the INFO.OUT of its ground state', async () => {
    const { write } = parserInFolders(excitingParser, 'exciting-gw-alone');
    const folder = write({ 'GW_INFO.OUT': gwInfo });
    const result = await parseMainfile({
      absolutePath: `${folder}/GW_INFO.OUT`,
      relativePath: 'GW_INFO.OUT',
      uploadId: 'gw',
      parser: excitingParser,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch('no INFO.OUT of its ground state');
  });
});

describe("exciting's DOS and band structure files", () => {
  it('dos.xml: total DOS per spin, projections per atom and (l, m), the interstitial left out', () => {
    const dos = readDosXml(dosXml);
    if (typeof dos === 'string') throw new Error(dos);
    expect(dos.energies).toEqual([-0.1, 0.1]);
    expect(dos.total).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const [up, down] = dosSections(dos, 0.2);
    expect(up).toMatchObject({ spin_channel: 0, n_energies: 2 });
    expectClose(at(up, 'energies/1'), 0.3 * HARTREE);
    expect(at(up, 'atom_projected/1')).toMatchObject({ atom_index: 0, m_kind: 'spherical', lm: [1, -1] });
    expectClose(at(down, 'atom_projected/1/value/1'), 1.3 / HARTREE);
  });

  it('TDOS.OUT: a block per spin channel, the spin-down one printed negative', () => {
    const dos = readTdos(`${tdos}\n -0.1 -1.0\n 0.0 -3.0\n 0.1 -5.0\n`, 'TDOS.OUT');
    if (typeof dos === 'string') throw new Error(dos);
    expect(dos.total).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
    expect(readTdos('', 'TDOS.OUT')).toBe("TDOS.OUT has no 'energy DOS' rows");
  });

  it('bandstructure.dat: a segment per stretch between vertices, energies shifted by the Fermi energy', () => {
    const bands = readBandDat(bandDat, 'bandstructure.dat');
    if (typeof bands === 'string') throw new Error(bands);
    expect(bands.kpoints).toHaveLength(5);
    const section = bandStructureSection(bands, 1, 0.1);
    expect(at(section, 'segment/0/n_kpoints')).toBe(3);
    expect(at(section, 'segment/1/kpoints')).toEqual([
      [0.5, 0, 0.5],
      [0.5, 0.25, 0.75],
    ]);
    // Second stretch, first k-point (X), band 2: 0.2 + 0.1 Ha.
    expectClose(at(section, 'segment/1/energies/0/0/1'), 0.3 * HARTREE);
    expect(readBandDat('# nothing\n', 'bandstructure.dat')).toBe('bandstructure.dat has no band rows');
  });

  it('bandstructure.xml: k-points placed between the labelled vertices by path distance', () => {
    const xml = `<bandstructure>
  <band>
    <point distance="0.0" eval="-0.3"/><point distance="0.5" eval="-0.25"/><point distance="1.0" eval="-0.2"/>
    <point distance="1.0" eval="-0.2"/><point distance="2.0" eval="-0.1"/>
  </band>
  <vertex distance="0.0" label="GAMMA" coord="0.0 0.0 0.0"/>
  <vertex distance="1.0" label="X" coord="0.5 0.0 0.5"/>
  <vertex distance="2.0" label="W" coord="0.5 0.25 0.75"/>
</bandstructure>`;
    const bands = readBandXml(xml);
    if (typeof bands === 'string') throw new Error(bands);
    expect(bands.kpoints[1]).toEqual([0.25, 0, 0.25]);
    expect(bands.kpoints[3]).toEqual([0.5, 0, 0.5]);
    const section = bandStructureSection(bands, 1, 0);
    expect(at(section, 'segment/0/endpoints_labels')).toEqual(['Γ', 'X']);
    expect(at(section, 'segment/1/endpoints_labels')).toEqual(['X', 'W']);
    expect(readBandXml('<bandstructure/>')).toBe('bandstructure.xml has no <band>');
  });

  it('INFO.OUT with dos.xml and bandstructure.dat beside it: on the calculation, k-grid offset of input.xml', async () => {
    const { archive } = await parse('INFO.OUT', {
      'INFO.OUT': info,
      'dos.xml': dosXml,
      'bandstructure.dat': bandDat,
      'input.xml': input,
    });
    expect(at(archive, 'run/0/method/0/k_mesh')).toEqual({ grid: [4, 4, 4], offset: [0.5, 0.5, 0.5] });
    expect(at(archive, 'run/0/calculation/0/dos_electronic/length')).toBe(2);
    // dos.xml's -0.1 Ha below the Fermi energy of 0.2 Ha.
    expectClose(at(archive, 'run/0/calculation/0/dos_electronic/0/energies/0'), 0.1 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/band_structure_electronic/0/segment/length')).toBe(2);
    expectClose(at(archive, 'run/0/calculation/0/time_physical'), 1.5);
  });
});

const nomadData = `${nomadTestData('electronic-parsers', 'exciting')}/`;

describe.skipIf(!existsSync(nomadData))('NOMAD exciting test data (skipped without it)', () => {
  const parseNomad = async (path: string) => {
    const result = await parseMainfile({
      absolutePath: nomadData + path,
      relativePath: path,
      uploadId: 'nomad-exciting',
      parser: excitingParser,
    });
    expect(result.ok).toBe(true);
    return result.ok ? result.archive : {};
  };

  it('Si_gw/GW_INFO.OUT: 32 Gauss-Legendre frequencies, EVALQP.DAT of 3 k-points and 20 states', async () => {
    const archive = await parseNomad('Si_gw/GW_INFO.OUT');
    // Frequency 5 of GW_INFO.OUT's list: 0.1910618778 Ha.
    expectClose(at(archive, 'run/0/method/0/frequency_mesh/0/points/4/0'), 0.1910618778 * HARTREE);
    // k-point 3, state 10: E_GW 0.40587 Ha, Znk 0.79935.
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/qp_linearization_prefactor/0/2/9')).toBe(0.79935);
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/n_bands')).toBe(20);
  });

  it('PbI_hybrids/INFO.OUT: the HSE run of 4 iterations', async () => {
    const archive = await parseNomad('PbI_hybrids/INFO.OUT');
    expect(at(archive, 'run/0/method/0/dft/xc_functional/hybrid/0/name')).toBe('HYB_GGA_XC_HSE03');
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(4);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -35198.96925817 * HARTREE);
  });

  it('CeO_dos/INFO.OUT: spin-polarised DOS of dos.xml, 25 (l, m) on each of 3 atoms', async () => {
    const archive = await parseNomad('CeO_dos/INFO.OUT');
    expect(at(archive, 'run/0/calculation/0/dos_electronic/length')).toBe(2);
    expect(at(archive, 'run/0/calculation/0/dos_electronic/1/atom_projected/length')).toBe(75);
    // Spin up, point 127: 20.83182629 states/Ha.
    expectClose(at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value/126'), 20.83182629 / HARTREE);
  });
});
