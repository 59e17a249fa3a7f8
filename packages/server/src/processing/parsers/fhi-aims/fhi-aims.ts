// 'parsers/fhi-aims': FHI-aims main outputs (SCF, geometry optimisation, molecular dynamics, GW).
import { ELECTRON_VOLT } from '@oasis/chem';
import { basename } from 'node:path';
import type { Run } from '@oasis/schema';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { aimsArchive } from './archive.ts';
import { gwRun } from './archive-gw.ts';
import { dosScaleOf, readBandStructure, readTotalDos } from './band-dos.ts';
import { addSpeciesProjectedDos } from './projected-dos.ts';
import { readAimsOutput } from './read-aims.ts';

/**
 * The band structure, total and species-projected DOS files control.in's 'output band', 'output dos'
 * and 'output species_proj_dos' lines asked for, on the last calculation, when they lie beside the
 * output; a missing or unreadable file is a WARNING.
 */
async function addBandsAndDos(
  run: Run,
  outputs: readonly string[],
  species: readonly string[],
  dosScale: number,
  absolutePath: string,
  rawRoot: string,
  log: (level: 'WARNING' | 'INFO', event: string) => void,
) {
  const last = run.calculation?.at(-1);
  if (!last) return;
  const spins = run.method?.[0]?.electronic?.n_spin_channels === 2 ? 2 : 1;
  const segments = outputs.filter((output) => /^band\s/.test(output)).length;
  const fermi = last.energy?.fermi;
  if (segments > 0 && typeof fermi === 'number') {
    const bands = await readBandStructure(absolutePath, rawRoot, segments, spins, fermi / ELECTRON_VOLT);
    if (bands) last.band_structure_electronic = [bands];
    else log('WARNING', `the band files of the ${segments} 'output band' segments are missing or unreadable`);
  }
  if (outputs.some((output) => /^dos\s/.test(output))) {
    const dos = await readTotalDos(absolutePath, rawRoot, dosScale);
    if (dos) last.dos_electronic = dos;
    else log('WARNING', "KS_DOS_total.dat of 'output dos' is missing or unreadable");
  }
  const projected = outputs.find((output) => /^species_proj_dos\s/.test(output));
  if (projected) {
    const warn = (event: string) => log('WARNING', event);
    await addSpeciesProjectedDos(last, species, projected, spins, absolutePath, rawRoot, warn);
  }
}

/** The GW band structure ('GW_band{spin}{segment}.out') on the GW run's calculation. */
async function addGwBands(
  gw: Run,
  outputs: readonly string[],
  absolutePath: string,
  rawRoot: string,
  log: (level: 'WARNING' | 'INFO', event: string) => void,
) {
  const calculation = gw.calculation?.[0];
  const segments = outputs.filter((output) => /^band\s/.test(output)).length;
  const fermi = calculation?.energy?.fermi;
  if (!calculation || segments === 0 || typeof fermi !== 'number') return;
  const bands = await readBandStructure(absolutePath, rawRoot, segments, 1, fermi / ELECTRON_VOLT, 'GW_band');
  if (bands) calculation.band_structure_electronic = [bands];
  else
    log('WARNING', `the GW band files of the ${segments} 'output band' segments are missing or unreadable`);
}

export const fhiAimsParser: MainfileParser = {
  name: 'parsers/fhi-aims',
  code: {
    codeLabel: 'FHI-aims',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://fhi-aims.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the standard output of aims.x |\n|control.in, geometry.in | echoed in the mainfile |\n|band\\*.out, GW_band\\*.out | band structures (output band) |\n|KS_DOS_total.dat, \\*_l_proj_dos.dat | total and species-projected DOS |',
  },
  // aims.x writes to standard output, which users name as they like.
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output)$|(?:^|\/)[^/.]+$/i,
  mainfileContents: /Invoking FHI-aims \.\.\./,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const output = readAimsOutput(content.toString('latin1'), basename(absolutePath));
    for (const warning of output.warnings) log('WARNING', warning);
    const archive = aimsArchive(output);
    const species = output.steps[output.steps.length - 1]?.geometry.species ?? [];
    const scale = dosScaleOf(output.version);
    await addBandsAndDos(archive.run, output.outputs, species, scale, absolutePath, rawRoot, log);
    const parsed = codeOutput(archive, 'FHI-aims', 'simulation', log);
    const gw = gwRun(output, archive.run);
    if (!gw) return parsed;
    await addGwBands(gw, output.outputs, absolutePath, rawRoot, log);
    const result = gw.calculation?.[0] ?? {};
    if (!result.eigenvalues && !result.scf_iteration && !result.band_structure_electronic)
      log(
        'WARNING',
        'control.in asks for GW but the output has no quasi-particle energies: the GW run did not finish',
      );
    // GW on top of DFT is a run of its own after the DFT run.
    return { ...parsed, sections: { ...parsed.sections, run: [archive.run, gw] } };
  },
};
