// Truncated copies of every code's main output: each becomes a failed entry whose message says where the
// file stops, or an entry with what it has and a WARNING saying so; none ends the parse otherwise.
import {
  copyFileSync,
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

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The mainfile cut at `fraction` of its bytes, in an upload of its own with the files beside it. */
function truncatedCopy(path: string, fraction: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'oasis-truncated-'));
  folders.push(folder);
  const source = join(samples, path);
  for (const name of readdirSync(dirname(source))) {
    const sibling = join(dirname(source), name);
    if (name !== basename(source) && statSync(sibling).isFile()) copyFileSync(sibling, join(folder, name));
  }
  const content = readFileSync(source);
  writeFileSync(join(folder, basename(source)), content.subarray(0, Math.floor(content.length * fraction)));
  return folder;
}

describe.skipIf(!existsSync(samples))('truncated code outputs (skipped without ../shared)', () => {
  it.each(MAINFILES)(
    '%s: cut at 5, 50 and 90 per cent: fails saying where it stops or warns',
    async (path) => {
      for (const fraction of [0.05, 0.5, 0.9]) {
        const folder = truncatedCopy(path, fraction);
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
    },
  );
});
