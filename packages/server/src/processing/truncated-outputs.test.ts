// Truncated copies of every code's main output: each becomes a failed entry whose message says where the
// file stops, or an entry with what it has and a WARNING saying so; none ends the parse otherwise. The
// codes of ../shared/samples are cut there; the codes it has no sample of are cut in NOMAD's parser test
// data, where the conformance tool (../shared/tools/nomad-parser-tests) has extracted it.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchParser } from './matching.ts';
import { NOMAD_TEST_DATA } from './parsers/archive-test-helpers.ts';
import { parseMainfile } from './pipeline.ts';

const samples = new URL('../../../../../shared/samples/codes/', import.meta.url).pathname;

const MAINFILES = [
  'quantumespresso/TiO2_opt/pw.out',
  'fhiaims/HO_md/H2O_periodic_MD.out',
  'gaussian/CHO_freq/prono.out',
  'cp2k/molecular_dynamics/H2O-32.out',
  'orca/CHO_geomopt/orca3.2985006.out',
  'nwchem/geometry_optimization.out',
  'castep/Si8-md-NPT.castep',
  'exciting/GaO_strucopt/INFO.OUT',
  'abinit/Si/Si.out',
  'lammps/hexane_cyclohexane/log.hexane_cyclohexane_nvt',
  'gromacs/water/md.log',
];

/** Main outputs in NOMAD's parser test data (a run's folder is copied whole: side files sit in folders). */
const NOMAD_MAINFILES = [
  ['electronic-parsers/tests/data/siesta/H2O-relax/out', 'parsers/siesta'],
  ['electronic-parsers/tests/data/wien2k/dos/CrO2-sp.scf', 'parsers/wien2k'],
  ['electronic-parsers/tests/data/elk/GaAs/INFO.OUT', 'parsers/elk'],
  ['electronic-parsers/tests/data/crystal/misc/substitution/neutral.cryst.out', 'parsers/crystal'],
  ['electronic-parsers/tests/data/turbomole/acrolein_grad_statpt_dscf.out', 'parsers/turbomole'],
  ['electronic-parsers/tests/data/psi4/cc1/output.ref', 'parsers/psi4'],
  ['electronic-parsers/tests/data/octopus/Fe_spinpol/stdout.txt', 'parsers/octopus'],
  ['electronic-parsers/tests/data/gpaw/Si_pw.gpw2', 'parsers/gpaw'],
  ['electronic-parsers/tests/data/gpaw/H2.gpw', 'parsers/gpaw'],
  ['electronic-parsers/tests/data/wannier90/lco_mlwf/lco.wout', 'parsers/wannier90'],
  ['electronic-parsers/tests/data/yambo/hBN/r-10b_1Ry_HF_and_locXC_gw0_em1d_ppa', 'parsers/yambo'],
  ['atomistic-parsers/tests/data/xtb/opt_gfn1/out', 'parsers/xtb'],
  ['atomistic-parsers/tests/data/dftbplus/relax/output', 'parsers/dftbplus'],
  ['atomistic-parsers/tests/data/dlpoly/dl-poly-test1/OUTPUT', 'parsers/dlpoly'],
  ['atomistic-parsers/tests/data/namd/apoa1-notraj/apoa1.log', 'parsers/namd'],
] as const;

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The mainfile cut at `fraction` of its bytes, in an upload of its own with the files beside it. */
function truncatedCopy(source: string, fraction: number, withFolders: boolean): string {
  const folder = mkdtempSync(join(tmpdir(), 'oasis-truncated-'));
  folders.push(folder);
  if (withFolders) cpSync(dirname(source), folder, { recursive: true });
  else
    for (const name of readdirSync(dirname(source))) {
      const sibling = join(dirname(source), name);
      if (name !== basename(source) && statSync(sibling).isFile()) copyFileSync(sibling, join(folder, name));
    }
  const content = readFileSync(source);
  writeFileSync(join(folder, basename(source)), content.subarray(0, Math.floor(content.length * fraction)));
  return folder;
}

/** Cut at 5, 50 and 90 per cent, the output fails saying where it stops, or makes an entry that warns. */
async function expectCutOutputsReported(root: string, path: string, withFolders = false): Promise<void> {
  for (const fraction of [0.05, 0.5, 0.9]) {
    const folder = truncatedCopy(join(root, path), fraction, withFolders);
    const name = basename(path);
    const file = join(folder, name);
    const parser = matchParser(name, readFileSync(file).subarray(0, 4096));
    if (!parser) continue;
    const result = await parseMainfile({
      absolutePath: file,
      relativePath: name,
      uploadId: 'cut',
      parser,
    });
    const place = new RegExp(`${name.replace(/\./g, '\\.')} ends at line \\d+|line \\d+|byte \\d+`);
    if (!result.ok) {
      expect([fraction, result.error.message]).toEqual([fraction, expect.stringMatching(place)]);
      expect(result.error.message).not.toMatch(/Cannot read|undefined|is not a function/);
    } else {
      const warnings = result.logs.filter((line) => line.level === 'WARNING').map((line) => line.event);
      // Cut before its end marker: the entry says the run did not finish, and where its file stops.
      if (fraction < 0.9)
        expect([fraction, warnings]).toEqual([
          fraction,
          expect.arrayContaining([expect.stringMatching(place)]),
        ]);
    }
  }
}

describe.skipIf(!existsSync(samples))('truncated code outputs (skipped without ../shared)', () => {
  it.each(MAINFILES)('%s: cut at 5, 50 and 90 per cent: fails saying where it stops or warns', (path) =>
    expectCutOutputsReported(samples, path),
  );
});

describe.skipIf(!existsSync(NOMAD_TEST_DATA))(
  `truncated outputs of NOMAD's parser test data (skipped without ${NOMAD_TEST_DATA}, which the conformance tool extracts)`,
  () => {
    it.each(NOMAD_MAINFILES)(
      '%s (%s): cut at 5, 50 and 90 per cent: fails saying where it stops or warns',
      async (path, parser) => {
        const file = join(NOMAD_TEST_DATA, path);
        expect(matchParser(basename(path), readFileSync(file).subarray(0, 4096))?.name).toBe(parser);
        await expectCutOutputsReported(NOMAD_TEST_DATA, path, true);
      },
    );
  },
);
