// 'parsers/elastic': ElaStic's second-order elastic constants (INFO_ElaStic with the files beside it).
import { BOHR, HARTREE, type Vec3 } from '@oasis/chem';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ElasticWorkflow, Run } from '@oasis/schema';
import { realPathInside } from '../../raw-paths.ts';
import { systemSection } from '../../run-sections.ts';
import type { Structure } from '../../structure.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { cartesian, codeOutput } from '../code-sections.ts';
import { readElasticInfo, readElasticResults, readEnergyStrain, readExcitingInput } from './read-elastic.ts';

type ElasticResults = NonNullable<ElasticWorkflow['results']>;

const GIGAPASCAL = 1e9;
const MAX_FILE_BYTES = 4 * 1024 ** 2;
/** Deformation types ElaStic uses (Dst01 ... Dst30 at most for triclinic third order). */
const MAX_DEFORMATION_TYPES = 30;

/** A file below the mainfile's folder, inside the upload, small enough to read. */
async function beside(mainfile: string, rawRoot: string, path: string): Promise<string | undefined> {
  const real = realPathInside(join(dirname(mainfile), path), rawRoot);
  if (!real) return undefined;
  const info = await stat(real);
  return info.isFile() && info.size <= MAX_FILE_BYTES ? readFile(real, 'latin1') : undefined;
}

/** ElaStic's V, R and H averages as NOMAD names them in the workflow's results ('bulk_modulus_voigt'). */
const NAMES: Readonly<Record<string, 'voigt' | 'reuss' | 'hill'>> = { V: 'voigt', R: 'reuss', H: 'hill' };

export const elasticParser: MainfileParser = {
  name: 'parsers/elastic',
  code: {
    codeLabel: 'ElaStic',
    codeCategory: 'Workflow manager',
    codeUrl: 'https://exciting-code.org/elastic',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|INFO_ElaStic | **Mainfile** |\n|Energy-vs-Strain/ElaStic_2nd.out | elastic constants and moduli |\n|Energy-vs-Strain/DstNN-Energy.dat | energy-strain curves |\n|input.xml | the equilibrium structure (exciting) |',
  },
  mainfileName: /(?:^|\/)INFO_ElaStic$/,
  mainfileContents: /Order of elastic constants/,
  maxBytes: 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const info = readElasticInfo(content.toString('latin1'));
    const warnings: string[] = [];
    const outText =
      (await beside(absolutePath, rawRoot, 'Energy-vs-Strain/ElaStic_2nd.out')) ??
      (await beside(absolutePath, rawRoot, 'ElaStic_2nd.out'));
    if (!outText)
      throw new Error(
        'ElaStic_2nd.out (beside INFO_ElaStic or in Energy-vs-Strain/) is needed for the results',
      );
    const results = readElasticResults(outText);
    const inputText = await beside(absolutePath, rawRoot, 'input.xml');
    const input = inputText ? readExcitingInput(inputText) : undefined;
    if (!input)
      throw new Error(
        "the equilibrium structure is read from exciting's input.xml beside INFO_ElaStic: it is missing or has no crystal",
      );
    const structure: Structure = {
      species: input.species,
      positions: cartesian(input.fractional, input.cell).map((p) => p.map((x) => x * BOHR) as Vec3),
      lattice: input.cell.map((row) => row.map((x) => x * BOHR)) as Structure['lattice'],
      periodic: [true, true, true],
    };
    const diagrams: NonNullable<ElasticResults['strain_diagrams']>[number][] = [];
    const folder = join(dirname(absolutePath), 'Energy-vs-Strain');
    const names = realPathInside(folder, rawRoot) ? await readdir(folder).catch(() => [] as string[]) : [];
    for (const name of names
      .filter((n) => /^Dst\d\d-Energy\.dat$/.test(n))
      .sort()
      .slice(0, MAX_DEFORMATION_TYPES)) {
      const text = await beside(absolutePath, rawRoot, `Energy-vs-Strain/${name}`);
      if (!text) continue;
      const curve = readEnergyStrain(text);
      diagrams.push({
        type: 'energy',
        eta: [curve.strain],
        value: [curve.energy.map((e) => e * HARTREE)],
        n_eta: curve.strain.length,
        n_deformations: 1,
      });
    }
    // ElaStic's 'distorted structures' are the strains of each deformation type (NOMAD's n_strains); the
    // deformation types are the Dst?? curves.
    const workflowResults: ElasticResults = {
      ...(info.deformations !== undefined ? { n_strains: info.deformations } : {}),
      ...(diagrams.length > 0 ? { n_deformations: diagrams.length } : {}),
    };
    if (results.stiffness)
      workflowResults.elastic_constants_matrix_second_order = results.stiffness.map((row) =>
        row.map((x) => x * GIGAPASCAL),
      );
    if (results.compliance)
      workflowResults.compliance_matrix_second_order = results.compliance.map((row) =>
        row.map((x) => x / GIGAPASCAL),
      );
    for (const [letter, name] of Object.entries(NAMES)) {
      const bulk = results.moduli.get(`B_${letter}`);
      const shear = results.moduli.get(`G_${letter}`);
      const young = results.moduli.get(`E_${letter}`);
      const poisson = results.moduli.get(`nu_${letter}`);
      if (bulk !== undefined) workflowResults[`bulk_modulus_${name}`] = bulk * GIGAPASCAL;
      if (shear !== undefined) workflowResults[`shear_modulus_${name}`] = shear * GIGAPASCAL;
      if (young !== undefined) workflowResults[`young_modulus_${name}`] = young * GIGAPASCAL;
      if (poisson !== undefined) workflowResults[`poisson_ratio_${name}`] = poisson;
    }
    if (results.eigenvalues.length > 0)
      workflowResults.eigenvalues_elastic = results.eigenvalues.map((x) => x * GIGAPASCAL);
    if (diagrams.length > 0) workflowResults.strain_diagrams = diagrams;
    if (!results.stiffness) warnings.push('ElaStic_2nd.out has no stiffness matrix');
    const run: Run = {
      program: { name: 'ElaStic' },
      method: [{}],
      system: [systemSection(structure)],
    };
    const workflow2: ElasticWorkflow = {
      m_def: 'simulationworkflowschema.Elastic',
      name: 'Elastic',
      method: {
        ...(info.code ? { energy_stress_calculator: info.code } : {}),
        ...(info.method ? { calculation_method: info.method } : {}),
        ...(info.order !== undefined ? { elastic_constants_order: info.order } : {}),
        ...(info.maxStrain !== undefined ? { strain_maximum: info.maxStrain } : {}),
      },
      results: workflowResults,
    };
    return codeOutput({ run, workflow2, structure, warnings }, 'ElaStic', 'simulation', log);
  },
};
