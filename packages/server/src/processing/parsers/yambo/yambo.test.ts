import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { conformanceProblems } from '@oasis/schema';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { yamboArchive } from './archive.ts';
import { readClassicNetcdf } from './netcdf-classic.ts';
import { readYamboReport } from './read-yambo.ts';
import { stepsOf } from './steps.ts';
import { yamboParser } from './yambo.ts';

/** A short report of our own in Yambo 5's layout: setup, exchange step and a G0W0 on two states. */
const report = `
          Version 5.1.0 Revision 21422 Hash 0123abcd
                       MPI+HDF5_IO Build
                   http://www.yambo-code.org

 03/14/2023 at 09:05 yambo @ node01
 ==================================================

 Cores               :  4
 Threads per core    :  2
 Fragmented WFs      : yes
 Job   string        : gw

 [RD./SAVE//ns.db1]--------------------------------------------------------------
  Bands                                            :  20
  Electrons                                        :  8.000000
  Temperature                                      :  0.000000 [eV]
 - S/N 001234 ---------------------------------------------- v.05.01.00 r.21422 -

 [02] CORE Variables Setup
 =========================

  [02.01] Unit cells
  ==================

  Alat factors          :   10.00000   10.00000   10.00000 [a.u.]
   A[ 1 ]:  0.000000  0.500000  0.500000  [iru]
   A[ 2 ]:  0.500000  0.000000  0.500000  [iru]
   A[ 3 ]:  0.500000  0.500000  0.000000  [iru]

  [02.04] K-grid lattice
  ======================

  Grid dimensions      :   2   2   2
  K [ 1]:  0.000000  0.000000  0.000000 [rlu]
  K [ 2]:  0.500000  0.500000  0.000000 [rlu]

  [02.05] Energies & Occupations
  ==============================

  [X] Fermi Level                                   :  2.500000 [eV]
  [X] Conduction Band Min                           :  1.200000 [eV]
  [X] Valence Band Max                              :  0.000000 [eV]
  [X] Filled Bands                                  :   4
  [X] Empty Bands                                   :    5   20

  E @ K [ 1]:  [eV]
  -6.00000  -1.00000  -0.20000   0.00000
    1.20000   3.00000
  occ @ K [ 1]
   2.000000  2.000000  2.000000  2.000000  0.000000  0.000000
  E @ K [ 2]:  [eV]
  -5.50000  -1.50000  -0.50000  -0.40000
    3.00000   4.50000
  occ @ K [ 2]
   2.000000  2.000000  2.000000  2.000000  0.000000  0.000000

 [03] Local Exchange-Correlation + Non-Local Fock
 ================================================

 [VXC] Plane waves :   900
 [FFT-HF/Rho] Mesh size:   16   16   16
 [WR./gw//ndb.HF_and_locXC]-------------------------------------------------
  RL vectors                                       :  500 [WF]
 - S/N 001234 ---------------------------------------------- v.05.01.00 r.21422 -

 [xc] E_xc :  -3.500000 [Ha]

  Corrections @ K [1] :  [eV]
 <4|nlXC|4> = -15.00000  0.000000 <4|lXC|4> = -12.00000  0.000000
 <5|nlXC|5> = -4.000000  0.000000 <5|lXC|5> = -9.000000  0.000000

 [04] Dyson equation: Newton solver
 ==================================

  [04.01] G0W0 (W PPA)
  ====================

  [  GW  ] Bands range     :    1   20
  [GW/PPA] G damping       :  0.100000 [eV]

  [04.02] QP properties and I/O
  =============================

  QP [eV] @ K [1] (iku):  0.000000  0.000000  0.000000
   B=4 Eo= -0.20 E= -0.90 E-Eo= -0.70 Re(Z)=0.80 Im(Z)=0.0 nlXC= -15.00 lXC= -12.00 So=  2.0
   B=5 Eo=  1.20 E=  2.40 E-Eo=  1.20 Re(Z)=0.85 Im(Z)=0.0 nlXC= -4.000 lXC= -9.000 So= -1.5

  QP [eV] @ K [2] (iku):  0.000000  0.000000  1.000000
   B=4 Eo= -0.50 E= -1.30 E-Eo= -0.80 Re(Z)=0.79 Im(Z)=0.0 nlXC= -15.50 lXC= -12.10 So=  2.1
   B=5 Eo=  3.00 E=  4.10 E-Eo=  1.10 Re(Z)=0.86 Im(Z)=0.0 nlXC= -3.800 lXC= -8.800 So= -1.4

  [WR./gw//ndb.QP]-----------------------------------------------------------
   GW solver                                        : Newton
   GW approximation                                 : PPA
   GW  SC iterations                                : 0
   QP @ state[ 1 ] b range                          :   4   5
  - S/N 001234 ---------------------------------------------- v.05.01.00 r.21422 -

 [05] Game Over & Game summary
 =============================

 03/14/2023 at 09:05 yambo @ node01 [start]
 03/14/2023 at 09:07                [end]
`;

describe('the Yambo report reader and archive', () => {
  const read = readYamboReport(report, 'r-gw');
  const steps = stepsOf(read.values);
  const { run, workflow2 } = yamboArchive({ report: read.values, steps });

  it('reads the program, the run settings and a method per step', () => {
    expect(read.warnings).toEqual([]);
    expect(at(run, 'program/version')).toBe('5.1.0 Revision 21422');
    expect(at(run, 'program/x_yambo_hash')).toBe('0123abcd');
    expect(at(run, 'x_yambo_threads_per_core')).toBe(2);
    expect(at(run, 'x_yambo_fragmented_wfs')).toBe(true);
    expect(at(run, 'x_yambo_input/x_yambo_parameters/Electrons')).toBe(8);
    expect(at(run, 'time_run/date_start')).toBe(Date.UTC(2023, 2, 14, 9, 5) / 1000);
    expect(steps.map((step) => step.kind)).toEqual(['local_xc_nonlocal_fock', 'dyson']);
    expect(at(run, 'method/0/x_yambo_local_xc_nonlocal_fock/0/x_yambo_mesh_size')).toEqual([16, 16, 16]);
    expect(at(run, 'method/1/gw/type')).toBe('G0W0');
    expect(at(run, 'method/1/gw/analytical_continuation')).toBe('ppm_GodbyNeeds');
    expect(at(run, 'method/1/gw/n_states')).toBe(20);
    expectClose(at(run, 'method/1/gw/broadening'), 0.1 * ELECTRON_VOLT);
    expect(at(run, 'method/1/gw/interval_qp_corrections')).toEqual([4, 5]);
    expect(at(run, 'method/1/gw/q_mesh/n_points')).toBeUndefined();
  });

  it('writes the setup, exchange and quasi-particle calculations in SI units', () => {
    expectClose(at(run, 'calculation/0/energy/fermi'), 2.5 * ELECTRON_VOLT);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), 1.2 * ELECTRON_VOLT);
    expect(at(run, 'calculation/0/x_yambo_filled_bands')).toEqual([1, 4]);
    // Without ns.db1 the setup's table: bands by k-point of the listed k-points.
    expect(at(run, 'calculation/0/eigenvalues/0/kpoints')).toEqual([
      [0, 0, 0],
      [0.5, 0.5, 0],
    ]);
    expectClose(at(run, 'calculation/0/eigenvalues/0/energies/0/1/5'), 4.5 * ELECTRON_VOLT);
    expect(at(run, 'method/1/gw/k_mesh/grid')).toEqual([2, 2, 2]);
    expectClose(at(run, 'calculation/1/energy/xc/value'), -3.5 * HARTREE);
    expectClose(
      at(run, 'calculation/1/x_yambo_local_xc_nonlocal_fock_bandenergies/0/x_yambo_sx/0/0/1'),
      -4 * ELECTRON_VOLT,
    );
    const qp = 'calculation/2/eigenvalues/0';
    expect(at(run, `${qp}/n_kpoints`)).toBe(2);
    expect(at(run, `${qp}/n_bands`)).toBe(2);
    // k in internal units (0, 0, 1) is the fractional (0.5, 0.5, 0) of this fcc-like cell.
    expect(at(run, `${qp}/kpoints/1`)).toEqual([0.5, 0.5, 0]);
    expectClose(at(run, `${qp}/value_qp/0/1/0`), -1.3 * ELECTRON_VOLT);
    expectClose(at(run, `${qp}/value_ks/0/0/1`), 1.2 * ELECTRON_VOLT);
    expect(at(run, `${qp}/qp_linearization_prefactor/0/1/1`)).toBe(0.86);
    expectClose(at(run, `${qp}/value_exchange/0/0/0`), -15 * ELECTRON_VOLT);
    expectClose(at(run, `${qp}/value_xc_potential/0/1/1`), -8.8 * ELECTRON_VOLT);
    expect(at(workflow2, 'm_def')).toBe('simulationworkflowschema.gw.DFTPlusGW');
    expect(at(workflow2, 'method/gw_method_ref')).toBe('/run/0/method/1/gw');
    expect(at(workflow2, 'results/gw_outputs/calculation_result_ref')).toBe('/run/0/calculation/2');
  });

  it('refuses what is no Yambo report', () => {
    expect(() => readYamboReport('hello\n', 'x')).toThrow('x is not a Yambo report');
  });
});

/** A classic NetCDF (CDF-1) file of our own: dimension n = 2, a double variable x = [1.5, -2]. */
function classicFile(): Buffer {
  const int = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return b;
  };
  const name = (s: string) =>
    Buffer.concat([int(s.length), Buffer.from(s.padEnd(Math.ceil(s.length / 4) * 4, '\0'))]);
  const header = [
    Buffer.from('CDF\x01', 'latin1'),
    int(0),
    int(10),
    int(1),
    name('n'),
    int(2),
    int(0),
    int(0),
    int(11),
    int(1),
    name('x'),
    int(1),
    int(0),
    int(0),
    int(0),
    int(6),
    int(16),
  ];
  const begin = Buffer.concat(header).length + 4;
  const data = Buffer.alloc(16);
  data.writeDoubleBE(1.5, 0);
  data.writeDoubleBE(-2, 8);
  return Buffer.concat([...header, int(begin), data]);
}

describe('the classic NetCDF reader', () => {
  it('reads a variable with its shape', () => {
    const variable = readClassicNetcdf(classicFile(), 'x.nc').get('x');
    expect(variable?.shape).toEqual([2]);
    expect(Array.from(variable!.values as Float64Array)).toEqual([1.5, -2]);
  });
  it('says where a cut file ends', () => {
    expect(() => readClassicNetcdf(classicFile().subarray(0, 60), 'x.nc')).toThrow('x.nc ends inside');
  });
});

const data = `${nomadTestData('electronic-parsers', 'yambo')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: `${data}${path}`,
    relativePath: path,
    uploadId: 'yambo',
    parser: yamboParser,
  });
  expect(result.ok).toBe(true);
  return (result as { archive: Record<string, unknown> }).archive;
};

/** Problems of an archive's run and workflow2 against the metainfo, code-specific names left out. */
const problemsOf = ({ run, workflow2 }: Record<string, unknown>) =>
  conformanceProblems({ run, workflow2 })
    .filter(({ path }) => !path.split('/').some((key) => key.startsWith('x_yambo_')))
    .map(({ path, problem }) => `${path}: ${problem}`);

describe.skipIf(!existsSync(data))(
  "NOMAD's Yambo test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('hBN: structure and Kohn-Sham energies of ns.db1, quasi-particles of ndb.QP', async () => {
      const archive = await parse('hBN/r-10b_1Ry_HF_and_locXC_gw0_em1d_ppa');
      expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['B', 'B', 'N', 'N']);
      expect(at(archive, 'run/0/method/length')).toBe(5);
      expect(at(archive, 'run/0/method/4/gw/k_mesh')).toEqual({
        dimensionality: 3,
        grid: [6, 6, 2],
        n_points: 14,
      });
      expect(at(archive, 'run/0/method/4/gw/screening')).toEqual({ type: 'RPA', n_states: 10 });
      // One screening fragment per q-point, read from the job folder.
      const ddm = 'run/0/method/2/x_yambo_dynamic_dielectric_matrix/0';
      expect(at(archive, `${ddm}/x_yambo_fragment/length`)).toBe(14);
      expect(at(archive, `${ddm}/x_yambo_fragment/2/x_yambo_matrix_size`)).toBe(5);
      // ns.db1 stores hartree: band 8 at k-point 7 is 0.41185 eV below the top of the valence band.
      expectClose(at(archive, 'run/0/calculation/0/eigenvalues/0/energies/0/6/7'), 0.1726817 * HARTREE, 1e-6);
      expectClose(at(archive, 'run/0/calculation/1/energy/xc/value'), -7.258541 * HARTREE);
      expectClose(
        at(archive, 'run/0/calculation/2/eigenvalues/0/qp_linearization_prefactor/0/0/1'),
        0.8320594,
        1e-6,
      );
      expect(at(archive, 'results/material/elements')).toEqual(['B', 'N']);
      expect(problemsOf(archive)).toEqual([]);
    });

    it('GaSb: the report tables when the databases are missing', async () => {
      const archive = await parse('GaSb/r-02_GW_em1d_ppa_HF_and_locXC_gw0');
      expect(at(archive, 'run/0/calculation/length')).toBe(3);
      expectClose(at(archive, 'run/0/calculation/2/eigenvalues/0/value_qp/0/0/5'), 0.71 * ELECTRON_VOLT);
      expect(problemsOf(archive)).toEqual([]);
    });
  },
);
