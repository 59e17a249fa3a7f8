// Runs the processing on the shared sample files of the workspace. They live outside the
// repository (../shared), so these tests skip on a fresh clone.
import { cellVolume } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMatchHead } from './compression.ts';
import { matchParser } from './matching.ts';
import { materialFromStructure } from './normalizers/material.ts';
import { readCifStructure } from './parsers/cif-structure.ts';
import { parseMainfile } from './pipeline.ts';

const samples = fileURLToPath(new URL('../../../../../shared/samples/', import.meta.url));
const available = existsSync(samples);
if (!available)
  console.warn(`processing sample tests skipped: ${samples} is absent (shared workspace files)`);

describe.skipIf(!available)('shared samples', () => {
  const structures = join(samples, 'structures');

  it('Ag1Co1O2_ICSD_246157.cif: 8 atoms of a P1 hexagonal cell', () => {
    const path = join(structures, 'Ag1Co1O2_ICSD_246157.cif');
    const text = readFileSync(path, 'utf8');
    expect(matchParser('structures/Ag1Co1O2_ICSD_246157.cif', Buffer.from(text))?.name).toBe('parsers/cif');
    const cif = readCifStructure(text);
    expect(cif.blockName).toBe('Ag1Co1O2');
    expect(cif.structure.species).toEqual(['Ag', 'Ag', 'Co', 'Co', 'O', 'O', 'O', 'O']);
    expect(cif.spaceGroupSymbol).toBe('P1');
    expect(cif.spaceGroupNumber).toBe(1);
    // V = a^2 sin(120°) c with a = 2.9062915258 Å, c = 12.4385510326 Å.
    expect(cellVolume(cif.structure.lattice!) / 1e-30).toBeCloseTo(90.98688, 4);
    expect(materialFromStructure(cif.structure)).toMatchObject({
      structural_type: 'bulk',
      elements: ['Ag', 'Co', 'O'],
      n_elements: 3,
      elements_exclusive: 'Ag Co O',
      chemical_formula_hill: 'Ag2Co2O4',
      chemical_formula_reduced: 'AgCoO2',
      chemical_formula_iupac: 'CoAgO2',
      chemical_formula_anonymous: 'A2BC',
      chemical_formula_descriptive: 'CoAgO2',
    });
  });

  it('SARSUC.cif: a nickel MOF with 132 atoms in a monoclinic P1 cell', () => {
    const cif = readCifStructure(readFileSync(join(structures, 'SARSUC.cif'), 'utf8'));
    expect(cif.blockName).toBe('image0');
    expect(cif.structure.species).toHaveLength(132);
    expect(cif.spaceGroupSymbol).toBe('P 1');
    // V = a b c sin(beta) = 18.5574 * 18.706 * 9.4156 * sin(94.4338°) Å^3.
    expect(cellVolume(cif.structure.lattice!) / 1e-30).toBeCloseTo(3258.7002, 3);
    expect(materialFromStructure(cif.structure)).toMatchObject({
      elements: ['C', 'H', 'N', 'Ni', 'O'],
      chemical_formula_hill: 'C60H48N4Ni4O16',
      chemical_formula_reduced: 'C15H12NNiO4',
      chemical_formula_iupac: 'NiC15NH12O4',
      chemical_formula_anonymous: 'A15B12C4DE',
      chemical_formula_descriptive: 'C60H48N4Ni4O16',
    });
  });

  it('dft.archive-example.json goes through the archive parser', async () => {
    const relativePath = 'archives/dft.archive-example.json';
    const result = await parseMainfile({
      absolutePath: join(samples, relativePath),
      relativePath,
      uploadId: 'samples',
      parser: 'parsers/archive',
    });
    expect(result.ok).toBe(true);
    // The file's own metadata is replaced by processing; its results and run are kept.
    expect(result.archive.metadata).toMatchObject({ upload_id: 'samples', parser_name: 'parsers/archive' });
    expect(result.archive.metadata.entry_type).toBeUndefined();
    expect(result.archive.results).toMatchObject({ material: { chemical_formula_reduced: 'Si' } });
    expect(result.archive.run).toBeDefined();
  });

  it('every calculation and structure sample is claimed by its parser, other files stay raw', async () => {
    const expected: Record<string, string | undefined> = {
      'vasp/Si-workflow/vasprun.xml': 'parsers/vasp',
      'vasp/N-molecule/vasprun.xml': 'parsers/vasp',
      'vasp/PdAg-surface/vasprun.xml': 'parsers/vasp',
      'vasp/parser-vasp/vasp.xml': 'parsers/vasp',
      'vasp/dos-unpolarized/vasprun.xml.xz': 'parsers/vasp',
      'vasp/bands-cF/vasprun.xml.bands.xz': 'parsers/vasp',
      'vasp/broken/broken.xml': 'parsers/vasp',
      'vasp/RhCu-outcar/OUTCAR': 'parsers/vasp-outcar',
      'vasp/RhCu-outcar/INCAR': undefined,
      'codes/quantumespresso/HO_scf/benchmark2.out': 'parsers/quantumespresso',
      'codes/quantumespresso/TiO2_opt/pw.out': 'parsers/quantumespresso',
      'codes/quantumespresso/TiO2_opt/pw.in': undefined,
      'codes/quantumespresso/W_dos/w.dos': undefined,
      'codes/fhiaims/Si_geomopt/out.out': 'parsers/fhi-aims',
      'codes/fhiaims/Si_band_dos_v171221_1/aims_CC.out': 'parsers/fhi-aims',
      'codes/fhiaims/Si_band_dos_v171221_1/band1001.out': undefined,
      'codes/fhiaims/Si_band_dos_v171221_1/control.in': undefined,
      'codes/gaussian/Al_scf/Al.out': 'parsers/gaussian',
      'codes/gaussian/CHO_freq/prono.out': 'parsers/gaussian',
      'codes/cp2k/single_point/si_bulk8.out': 'parsers/cp2k',
      'codes/cp2k/molecular_dynamics/H2O-32.out': 'parsers/cp2k',
      'codes/cp2k/molecular_dynamics/H2O-32.inp': undefined,
      'codes/cp2k/molecular_dynamics/H2O-32-1.ener': undefined,
      'codes/orca/CO_scf/orca3.2985087.out': 'parsers/orca',
      'codes/orca/CHO_geomopt/orca3.2985006.out': 'parsers/orca',
      'codes/lammps/hexane_cyclohexane/log.hexane_cyclohexane_nvt': 'parsers/lammps',
      'codes/lammps/hexane_cyclohexane/log.hexane_cyclohexane_nvt-thermo_style_multi': undefined,
      'codes/lammps/hexane_cyclohexane/data.hexane_cyclohexane': undefined,
      'codes/gromacs/argon/md.log': 'parsers/gromacs',
      'codes/gromacs/water/reference_s.log': 'parsers/gromacs',
      'codes/gromacs/water/conf.gro': undefined,
      'codes/gromacs/water/grompp.out': undefined,
      'codes/phonopy/Ge/phonopy-FHI-aims-displacement-01/control.in': 'parsers/phonopy',
      'codes/phonopy/Ge/phonopy-FHI-aims-displacement-01/phonopy-FHI-aims-displacement-01.out':
        'parsers/fhi-aims',
      'codes/phonopy/Ge/control.in': undefined,
      'codes/nwchem/single_point.out': 'parsers/nwchem',
      'codes/nwchem/geometry_optimization.out': 'parsers/nwchem',
      'codes/castep/Si8.castep': 'parsers/castep',
      'codes/castep/Si8-md-NPT.castep': 'parsers/castep',
      'codes/exciting/C_gs/INFO.OUT': 'parsers/exciting',
      'codes/exciting/C_gs/input.xml': undefined,
      'codes/exciting/C_gs/info.xml': undefined,
      'codes/abinit/Si/Si.out': 'parsers/abinit',
      'codes/abinit/Si/log': undefined,
      'codes/elastic/2nd/INFO_ElaStic': 'parsers/elastic',
      'codes/elastic/2nd/Energy-vs-Strain/ElaStic_2nd.out': undefined,
      'structures/SARSUC.cif': 'parsers/cif',
      'structures/Ag1Co1O2_ICSD_246157.cif': 'parsers/cif',
      'structures/NaCl.CONTCAR': 'parsers/poscar',
      'structures/si_md-pos-1.xyz': 'parsers/xyz',
      // Not named *.archive.json, so NOMAD does not match it either (tests pass the parser by name).
      'archives/dft.archive-example.json': undefined,
      'README.md': undefined,
    };
    for (const [relativePath, parser] of Object.entries(expected)) {
      const head = await readMatchHead(join(samples, relativePath), relativePath);
      expect([relativePath, matchParser(relativePath, head)?.name]).toEqual([relativePath, parser]);
    }
  });
});
