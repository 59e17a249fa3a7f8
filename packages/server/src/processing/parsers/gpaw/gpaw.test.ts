import { ANGSTROM, BOHR, ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchParser } from '../../matching.ts';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { gpawParser } from './gpaw.ts';

const int64 = (value: number) => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigInt64LE(BigInt(value));
  return buffer;
};
const float64s = (values: number[]) => {
  const buffer = Buffer.alloc(8 * values.length);
  values.forEach((v, i) => buffer.writeDoubleLE(v, 8 * i));
  return buffer;
};

/** A ulm file of GPAW: header, arrays from byte 56, then the JSON item that names them. */
function ulmFile(
  document: (offsetOf: (name: string) => number) => unknown,
  arrays: [string, Buffer][],
): Buffer {
  const offsets = new Map<string, number>();
  let at = 56;
  for (const [name, data] of arrays) {
    offsets.set(name, at);
    at += data.length;
  }
  const json = Buffer.from(JSON.stringify(document((name) => offsets.get(name)!)).replace('"NAN"', 'NaN'));
  const header = Buffer.concat([
    Buffer.from('AFFormat'),
    Buffer.from('GPAW'.padEnd(16)),
    int64(2),
    int64(1),
    int64(48),
    int64(at),
  ]);
  return Buffer.concat([header, ...arrays.map(([, data]) => data), int64(json.length), json]);
}

/** A tar archive of named members (the .gpw of GPAW up to 1.1.0). */
function tarFile(members: [string, Buffer][]): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, data] of members) {
    const header = Buffer.alloc(512);
    header.write(name, 0, 'latin1');
    header.write(data.length.toString(8).padStart(11, '0'), 124, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar', 257, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

// A made-up plane-wave run of two lithium atoms, spin-paired, one k-point, three bands.
const ULM = ulmFile(
  (offset) => ({
    'parameters.': { mode: { name: 'pw', ecut: 400 }, xc: 'PBE', kpts: [2, 2, 2] },
    gpaw_version: '22.8.0',
    'atoms.': {
      'numbers.': { ndarray: [[2], 'int64', offset('numbers')] },
      'positions.': { ndarray: [[2, 3], 'float64', offset('positions')] },
      cell: [
        [3.5, 0, 0],
        [0, 3.5, 0],
        [0, 0, 3.5],
      ],
      pbc: [true, true, true],
    },
    'hamiltonian.': { e_total_extrapolated: -3.75, e_xc: -2.5 },
    'occupations.': { fermilevel: 1.25, split: 0, homo: 'NAN' },
    'scf.': { converged: true },
    'wave_functions.': {
      'eigenvalues.': { ndarray: [[1, 1, 3], 'float64', offset('eigenvalues')] },
      'occupations.': { ndarray: [[1, 1, 3], 'float64', offset('occupations')] },
    },
  }),
  [
    ['numbers', Buffer.concat([int64(3), int64(3)])],
    ['positions', float64s([0, 0, 0, 1.75, 1.75, 1.75])],
    ['eigenvalues', float64s([-3, 0.5, 2])],
    ['occupations', float64s([1, 1, 0])],
  ],
);

// ASE's JSON encoding of an array, as the ulm writer stores arrays inside a parameter's dict.
const ndarray = (shape: number[], flat: number[]) => ({ __ndarray__: [shape, 'float64', flat] });

// A made-up band-structure run of a square lattice along 'GX,MG' (six k-points) whose symmetry left five
// irreducible points: the path's last Gamma is the first irreducible point again.
const BANDS_ULM = ulmFile(
  (offset) => ({
    'parameters.': {
      mode: 'lcao',
      xc: 'LDA',
      fixdensity: true,
      kpts: {
        kpts: ndarray([6, 3], [0, 0, 0, 0.25, 0, 0, 0.5, 0, 0, 0.5, 0.5, 0, 0.25, 0.25, 0, 0, 0, 0]),
        special_points: {
          G: ndarray([3], [0, 0, 0]),
          X: ndarray([3], [0.5, 0, 0]),
          M: ndarray([3], [0.5, 0.5, 0]),
        },
        labelseq: 'GX,MG',
        cell: { __ase_objtype__: 'cell', array: ndarray([3, 3], [2, 0, 0, 0, 2, 0, 0, 0, 10]) },
      },
    },
    'atoms.': {
      'numbers.': { ndarray: [[1], 'int64', offset('numbers')] },
      'positions.': { ndarray: [[1, 3], 'float64', offset('positions')] },
      cell: [
        [2, 0, 0],
        [0, 2, 0],
        [0, 0, 10],
      ],
      pbc: [true, true, false],
    },
    'occupations.': { fermilevel: -1 },
    'wave_functions.': {
      'eigenvalues.': { ndarray: [[1, 5, 2], 'float64', offset('eigenvalues')] },
      'kpts.': {
        'bzkpts.': { ndarray: [[6, 3], 'float64', offset('bzkpts')] },
        'bz2ibz.': { ndarray: [[6], 'int64', offset('bz2ibz')] },
        'ibzkpts.': { ndarray: [[5, 3], 'float64', offset('ibzkpts')] },
      },
    },
  }),
  [
    ['numbers', int64(3)],
    ['positions', float64s([0, 0, 5])],
    ['eigenvalues', float64s([-5, 1, -4, 2, -3, 3, -2, 4, -1, 5])],
    ['bzkpts', float64s([0, 0, 0, 0.25, 0, 0, 0.5, 0, 0, 0.5, 0.5, 0, 0.25, 0.25, 0, 0, 0, 0])],
    ['bz2ibz', Buffer.concat([0, 1, 2, 3, 4, 0].map(int64))],
    ['ibzkpts', float64s([0, 0, 0, 0.25, 0, 0, 0.5, 0, 0, 0.5, 0.5, 0, 0.25, 0.25, 0])],
  ],
);

const INFO_XML = `<gpaw_io version="0.1" endianness="little">
  <parameter name="version"       value="6"/>
  <parameter name="lengthunit"    value="Bohr"/>
  <parameter name="energyunit"    value="Hartree"/>
  <parameter name="XCFunctional"  value="LDA"/>
  <parameter name="FermiWidth"    value="0.001"/>
  <parameter name="Epot"          value="-1.0"/>
  <parameter name="FermiLevel"    value="-0.2"/>
  <parameter name="EnergyConvergenceCriterion" value="2e-05"/>
  <parameter name="SymmetryTimeReversalSwitch" value="True"/>
  <parameter name="Mode"          value="fd"/>
  <array name="AtomicNumbers" type="int"><dimension length="1" name="natoms"/></array>
  <array name="CartesianPositions" type="float">
    <dimension length="1" name="natoms"/><dimension length="3" name="3"/>
  </array>
  <array name="UnitCell" type="float"><dimension length="3" name="3"/><dimension length="3" name="3"/></array>
  <array name="BoundaryConditions" type="int"><dimension length="3" name="3"/></array>
  <array name="PseudoElectronDensity" type="float">
    <dimension length="1" name="nspins"/><dimension length="20" name="ngptsx"/>
    <dimension length="20" name="ngptsy"/><dimension length="20" name="ngptsz"/>
  </array>
</gpaw_io>`;

const int32s = (values: number[]) => {
  const buffer = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => buffer.writeInt32LE(v, 4 * i));
  return buffer;
};

const TAR = tarFile([
  ['AtomicNumbers', int32s([1])],
  ['CartesianPositions', float64s([5, 5, 5])],
  ['UnitCell', float64s([10, 0, 0, 0, 10, 0, 0, 0, 10])],
  ['BoundaryConditions', int32s([0, 0, 0])],
  ['info.xml', Buffer.from(INFO_XML)],
]);

async function parse(name: string, content: Buffer) {
  const root = mkdtempSync(join(tmpdir(), 'gpaw-'));
  writeFileSync(join(root, name), content);
  return parseMainfile({
    absolutePath: join(root, name),
    relativePath: name,
    uploadId: 'gpaw',
    parser: gpawParser,
    rawRoot: root,
  });
}

describe('parsers/gpaw', () => {
  it('matches .gpw files of either format, and no other file', () => {
    expect(matchParser('run/Li.gpw', ULM)?.name).toBe('parsers/gpaw');
    expect(matchParser('run/H.gpw', TAR)?.name).toBe('parsers/gpaw');
    expect(matchParser('run/Li.tar', TAR)?.name).not.toBe('parsers/gpaw');
  });

  it('reads a ulm file in SI units', async () => {
    const result = await parse('Li.gpw', ULM);
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('22.8.0');
    expect(at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/type')).toBe('plane waves');
    expectClose(
      at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/cutoff'),
      400 * ELECTRON_VOLT,
    );
    expect(at(archive, 'run/0/method/0/dft/xc_functional/exchange/0/name')).toBe('GGA_X_PBE');
    // No occupations given with k-points: GPAW's default width, 0.1 eV.
    expectClose(at(archive, 'run/0/method/0/electronic/smearing/width'), 0.1 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['Li', 'Li']);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/2'), 1.75 * ANGSTROM);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -3.75 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 1.25 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/0/eigenvalues/0/energies/0/0/2'), 2 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/calculation/0/calculation_converged')).toBe(true);
  });

  it('writes the band structure of a run along a BandPath, one segment per stretch', async () => {
    const result = await parse('bands.gpw', BANDS_ULM);
    expect(result.ok).toBe(true);
    const bands = 'run/0/calculation/0/band_structure_electronic/0';
    expect(at(result.archive, `${bands}/segment`)).toHaveLength(2);
    expect(at(result.archive, `${bands}/segment/0/endpoints_labels`)).toEqual(['G', 'X']);
    expect(at(result.archive, `${bands}/segment/1/endpoints_labels`)).toEqual(['M', 'G']);
    expect(at(result.archive, `${bands}/segment/1/kpoints/1`)).toEqual([0.25, 0.25, 0]);
    expectClose(at(result.archive, `${bands}/segment/0/energies/0/2/1`), 3 * ELECTRON_VOLT);
    // The closing Gamma takes the first irreducible point's energies.
    expectClose(at(result.archive, `${bands}/segment/1/energies/0/2/0`), -5 * ELECTRON_VOLT);
    expectClose(at(result.archive, `${bands}/energy_fermi`), -ELECTRON_VOLT);
    // NOMAD's reciprocal cell: 1/a without 2π, in 1/m.
    expectClose(at(result.archive, `${bands}/reciprocal_cell/0/0`), 1 / (2 * ANGSTROM));
  });

  it('reads a tar file in its Bohr and Hartree', async () => {
    const result = await parse('H.gpw', TAR);
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('1.1.0');
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/0'), 10 * BOHR);
    expect(at(archive, 'run/0/system/0/atoms/periodic')).toEqual([false, false, false]);
    expectClose(at(archive, 'run/0/method/0/scf/threshold_energy_change'), 2e-5 * HARTREE);
    expectClose(at(archive, 'run/0/method/0/electronic/smearing/width'), 0.001 * HARTREE);
    // 20 points across a finite axis: 21 steps.
    expectClose(
      at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/grid_spacing/0'),
      (10 * BOHR) / 21,
    );
    expect(at(archive, 'run/0/method/0/x_gpaw_symmetry_time_reversal_switch')).toBe(true);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -HARTREE);
  });

  it('fails a cut file with where it ends', async () => {
    const result = await parse('Li.gpw', ULM.subarray(0, 200));
    expect(result.ok).toBe(false);
    expect(result.logs.some((l) => /ends at byte 200/.test(l.event))).toBe(true);
  });
});

const data = nomadTestData('electronic-parsers', 'gpaw');
describe.skipIf(!existsSync(data))('parsers/gpaw on NOMAD test data (skipped: no NOMAD test data)', () => {
  it('reads the spin-polarised hydrogen atom', async () => {
    const result = await parseMainfile({
      absolutePath: join(data, 'Hspinpol.gpw'),
      relativePath: 'Hspinpol.gpw',
      uploadId: 'gpaw',
      parser: gpawParser,
      rawRoot: data,
    });
    expect(result.ok).toBe(true);
    expect(at(result.archive, 'run/0/calculation/0/eigenvalues/0/n_spin_channels')).toBe(2);
    expectClose(
      at(result.archive, 'run/0/calculation/0/eigenvalues/0/energies/0/0/0'),
      -1.20983278e-18,
      1e-6,
    );
  });
});
