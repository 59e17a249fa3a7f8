// 'parsers/yambo': Yambo reports (r-*), with the NetCDF databases they name beside them: ns.db1 of the
// SAVE folder (structure, Kohn-Sham energies) and ndb.QP of the job folder (quasi-particle energies).
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { elementComposition, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import { yamboArchive, type Fragments } from './archive.ts';
import { databasePath, readDatabase, type Database, type Wanted } from './databases.ts';
import { readYamboReport } from './read-yambo.ts';
import { stepsOf, writtenFiles } from './steps.ts';

/** The variables of ns.db1 and ndb.QP the archive uses. */
const SETUP_VARIABLES = [
  'ATOM_POS',
  'N_ATOMS',
  'atomic_numbers',
  'LATTICE_VECTORS',
  'LATTICE_PARAMETER',
  'EIGENVALUES',
  'K-POINTS',
];
const QP_VARIABLES = ['QP_table', 'QP_kpts', 'QP_E', 'QP_Eo', 'QP_Z', 'QP_E_Eo_Z'];
/** The frequencies and the screening matrix of a dielectric-matrix fragment ('X_Q_3' for q-point 3). */
const FRAGMENT_VARIABLES: Wanted = (name) => /^(?:FREQ_PARS_sec_iq|FREQ_sec_iq|X_Q)_?\d+$/.test(name);
/** At most this many fragments (one per q-point) are read. */
const MAX_FRAGMENTS = 1000;

/** A database the report names, read if it is in the upload; what goes wrong is said in the entry's log. */
async function database(
  input: ParserInput,
  name: string | undefined,
  variables: Wanted,
  warn: (message: string) => void,
): Promise<Database | undefined> {
  if (!name) return undefined;
  const path = databasePath(input.absolutePath, input.rawRoot, name);
  if (!path) {
    warn(`the report names ${name}, which is not in the upload: not read`);
    return undefined;
  }
  try {
    const read = await readDatabase(path, name, variables);
    if (!read) warn(`${name} is no NetCDF file: not read`);
    return read;
  } catch (error) {
    warn(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/**
 * The fragments of a dielectric matrix the report wrote ('./job//ndb.pp' → ndb.pp_fragment_1 ... beside
 * it), by q-point, read from the folder as Yambo prints only the first ones.
 */
async function fragmentsOf(
  input: ParserInput,
  name: string,
  warn: (message: string) => void,
): Promise<Database[]> {
  const path = databasePath(input.absolutePath, input.rawRoot, name);
  if (!path) return [];
  const prefix = `${basename(path)}_fragment_`;
  const numbered = (await readdir(dirname(path)))
    .filter((file) => file.startsWith(prefix) && /^\d+$/.test(file.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .slice(0, MAX_FRAGMENTS);
  const fragments: Database[] = [];
  for (const file of numbered) {
    const relativeName = join(dirname(name), file);
    const read = await database(input, relativeName, FRAGMENT_VARIABLES, warn);
    if (read) fragments.push(read);
  }
  return fragments;
}

async function parseYambo(input: ParserInput): Promise<ParserOutput> {
  const { values: report, warnings } = readYamboReport(input.content.toString('latin1'), input.mainfile);
  const warn = (message: string) => warnings.push(message);
  const steps = stepsOf(report);
  const setup = await database(input, report.head?.database?.head?.file, SETUP_VARIABLES, warn);
  const qpName = steps
    .filter((step) => step.kind === 'dyson')
    .flatMap(writtenFiles)
    .find((file) => /\.QP$/.test(file));
  const quasiParticles = await database(input, qpName, QP_VARIABLES, warn);
  const fragments: Fragments = new Map();
  for (const [index, step] of steps.entries()) {
    if (step.kind !== 'dynamic_dielectric_matrix') continue;
    const matrix = writtenFiles(step).find((file) => /ndb\.(?:pp|em1d|em1s)$/.test(file));
    if (matrix) fragments.set(index, await fragmentsOf(input, matrix, warn));
  }
  if (!report.finished) warn('the Yambo run did not finish');
  for (const warning of warnings) input.log('WARNING', warning);
  const { run, workflow2, structure } = yamboArchive({ report, steps, setup, quasiParticles, fragments });
  return {
    sections: { run: [run], workflow2 },
    ...(structure ? { structure } : {}),
    entryType: 'YAMBO',
    entryName: structure
      ? `${hillFormula(elementComposition(structure.species))} YAMBO calculation`
      : 'YAMBO calculation',
  };
}

export const yamboParser: MainfileParser = {
  name: 'parsers/yambo',
  code: {
    codeLabel: 'YAMBO',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.yambo-code.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n' +
      '|`r-*` | **Mainfile:** the report of a Yambo run|\n' +
      '|`SAVE/ns.db1` | NetCDF database of the ground state: structure and Kohn-Sham energies|\n' +
      '|`<job>/ndb.QP` | NetCDF database of the quasi-particle energies|\n',
  },
  // Reports are 'r-<job>_<runlevels>' or 'r_setup'; logs (l-*) and outputs (o-*) carry no banner to match.
  mainfileName: /(?:^|\/)r[-_.][^/]+$/,
  mainfileContents: /Build.+\s+http:\/\/www\.yambo-code\.org/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: parseYambo,
};
