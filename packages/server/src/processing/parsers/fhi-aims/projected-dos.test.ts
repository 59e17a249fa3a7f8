import { ELECTRON_VOLT } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { fhiAimsParser } from './fhi-aims.ts';

/** A small output of our own asking for the species-projected DOS of a water molecule. */
const output = `
          Invoking FHI-aims ...
          Version 240507
  The contents of control.in will be repeated verbatim below
  unless switched off by setting 'verbatim_writeout .false.' .
  in the first line of control.in .
  -----------------------------------------------------------------------
    xc                 pbe
    output species_proj_dos -1.0 1.0 3 0.1
  ################################################################################
    species        O
  -----------------------------------------------------------------------
  Input geometry:
  | Atomic structure:
  |       Atom                x [A]            y [A]            z [A]
  |    1: Species O              0.000000         0.000000         0.000000
  |    2: Species H              0.757000         0.586000         0.000000
  |    3: Species H             -0.757000         0.586000         0.000000
          Begin self-consistency loop: Initialization.
          Begin self-consistency iteration #    1
  | Total energy                  :         -76.20000000 Ha       -2073.44000000 eV
  Self-consistency cycle converged.
  Energy and forces in a compact form:
  | Total energy uncorrected      :         -0.207344000000000E+04 eV
  | Total energy corrected        :         -0.207344100000000E+04 eV
  | Electronic free energy        :         -0.207344200000000E+04 eV
          Have a nice day.
`;

const oxygen = `# Angular momentum resolved density for species Oas calculated by FHI-aims
# The energy reference for this output is the chemical potential, mu =       -2.000000 eV
#      Energy (eV)         total dos     l= 0              l= 1
       -1.00000000        0.30000000        0.10000000        0.20000000
        0.00000000        0.50000000        0.20000000        0.30000000
        1.00000000        0.00000000        0.00000000        0.00000000
`;

// Only the raw file for hydrogen: absolute energies, against the vacuum level.
const hydrogen = `# Angular momentum resolved density for species Has calculated by FHI-aims
# The energy reference for this output is the vacuum level
#      Energy (eV)         total dos     l= 0
       -3.00000000        0.40000000        0.40000000
       -2.00000000        0.10000000        0.10000000
       -1.00000000        0.00000000        0.00000000
`;

const { parse: parseIn } = parserInFolders(fhiAimsParser, 'aims-pdos');

const parseWith = (files: Record<string, string>) => parseIn('aims.out', { 'aims.out': output, ...files });

describe('the species-projected DOS of FHI-aims', () => {
  it('reads the shifted file, else the raw one, as species- and l-projected DOS in SI units', async () => {
    const { archive, logs } = await parseWith({
      'O_l_proj_dos.dat': oxygen,
      'H_l_proj_dos_raw.dat': hydrogen,
    });
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const dos = at(archive, 'run/0/calculation/0/dos_electronic/0');
    // Shifted by μ = -2 eV back to absolute energies, which the raw file of hydrogen already has:
    // one grid, one section.
    expect(at(archive, 'run/0/calculation/0/dos_electronic/length')).toBe(1);
    expectClose(at(dos, 'energies/0'), -3 * ELECTRON_VOLT);
    expectClose(at(dos, 'energy_fermi'), -2 * ELECTRON_VOLT);
    // The species' totals as species_projected, its l = 0, 1, ... columns as orbital_projected.
    expect(at(dos, 'species_projected/length')).toBe(2);
    expect(at(dos, 'species_projected/0')).toMatchObject({ atom_label: 'O', spin: 0 });
    expect(at(dos, 'species_projected/0')).not.toHaveProperty('orbital');
    expectClose(at(dos, 'species_projected/0/value/1'), 0.5 / ELECTRON_VOLT);
    expect(at(dos, 'orbital_projected/length')).toBe(3);
    expect(at(dos, 'orbital_projected/1')).toMatchObject({ atom_label: 'O', orbital: 'p' });
    expectClose(at(dos, 'orbital_projected/1/value/0'), 0.2 / ELECTRON_VOLT);
    expect(at(dos, 'orbital_projected/2')).toMatchObject({ atom_label: 'H', orbital: 's' });
    expectClose(at(dos, 'orbital_projected/2/value/0'), 0.4 / ELECTRON_VOLT);
    expect(at(dos, 'species_projected/1')).toMatchObject({ atom_label: 'H' });
    expectClose(at(dos, 'species_projected/1/value/0'), 0.4 / ELECTRON_VOLT);
  });

  it('warns, naming the file, of a truncated file and of a missing one; the entry still succeeds', async () => {
    const truncated = oxygen.slice(0, oxygen.lastIndexOf('0.00000000'));
    const { archive, logs } = await parseWith({ 'O_l_proj_dos.dat': truncated });
    const warnings = logs.filter((l) => l.level === 'WARNING').map((l) => l.event);
    expect(warnings).toContain('O_l_proj_dos.dat has a row of 3 numbers where the header names 4');
    expect(warnings).toContain("H_l_proj_dos.dat of 'output species_proj_dos' is missing");
    expect(at(archive, 'run/0/calculation/0/energy/total/value')).toBeDefined();
  });

  it('warns of a file with fewer energies than asked for', async () => {
    const short = oxygen.split('\n').slice(0, -2).join('\n');
    const { logs } = await parseWith({ 'O_l_proj_dos.dat': short, 'H_l_proj_dos_raw.dat': hydrogen });
    expect(logs.map((l) => l.event)).toContain(
      "O_l_proj_dos.dat has 2 of the 3 energies 'output species_proj_dos' asks for",
    );
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/fhiaims/ClNa_dos/', import.meta.url);

describe.skipIf(!existsSync(samples))('the ClNa_dos sample (skipped without ../shared)', () => {
  it('puts the Cl and Na projections beside KS_DOS_total.dat, on its grid', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('ClNa_dos.out', samples).pathname,
      relativePath: 'ClNa_dos.out',
      uploadId: 'aims',
      parser: fhiAimsParser,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const dos = at(result.archive, 'run/0/calculation/0/dos_electronic/0');
    expect(at(result.archive, 'run/0/calculation/0/dos_electronic/length')).toBe(1);
    // Species totals Na, Cl (in the order of the geometry); then Na s, p, d and Cl s, p, d, f.
    const label = (p: { atom_label: string; orbital?: string }) => `${p.atom_label}:${p.orbital ?? 'total'}`;
    const species = at(dos, 'species_projected') as { atom_label: string; orbital?: string }[];
    expect(species.map(label)).toEqual(['Na:total', 'Cl:total']);
    const orbitals = at(dos, 'orbital_projected') as { atom_label: string; orbital?: string }[];
    expect(orbitals.map(label)).toEqual(['Na:s', 'Na:p', 'Na:d', 'Cl:s', 'Cl:p', 'Cl:d', 'Cl:f']);
    // The first grid point: -5.69793660 eV against μ = -5.302063 eV, -11 eV in the raw file.
    expectClose(at(dos, 'energies/0'), (-5.6979366 - 5.302063) * ELECTRON_VOLT);
    // Na_l_proj_dos.dat row 2: total 0.02874854, l=0 0.01902909 states/eV.
    expectClose(at(dos, 'species_projected/0/value/1'), 0.02874854 / ELECTRON_VOLT);
    expectClose(at(dos, 'orbital_projected/0/value/1'), 0.01902909 / ELECTRON_VOLT);
    // Cl_l_proj_dos.dat row 4: total 1.19713586; row 1: l=1 0.00779595; last row l=3 0.00306201.
    expectClose(at(dos, 'species_projected/1/value/3'), 1.19713586 / ELECTRON_VOLT);
    expectClose(at(dos, 'orbital_projected/4/value/0'), 0.00779595 / ELECTRON_VOLT);
    expectClose(at(dos, 'orbital_projected/6/value/49'), 0.00306201 / ELECTRON_VOLT);
  });
});
