// 'parsers/nexus': NeXus files (HDF5 with NX_class attributes), as NOMAD's NeXus parser (pynxtools) makes
// entries of them: the entry type from the application definitions of the file's NXentry groups, the
// domain 'nexus', and the sample's elements and formula in results.material. The file's tree itself is
// read where it lies: the entry page shows it in h5web (the NeXus card).
import type { ResultsMaterial, LogLevel } from '@oasis/schema';
import { isElementSymbol } from '@oasis/chem';
import { basename } from 'node:path';
import { compositionOfFormula, formulas } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import type { NexusSummary } from './read-nexus.ts';

/** HDF5's signature at the start of the file or after a user block of 512, 1024 or 2048 bytes. */
// eslint-disable-next-line no-control-regex -- the signature holds control bytes (the head is latin1)
const HDF5_SIGNATURE = /^(?:[\s\S]{512}|[\s\S]{1024}|[\s\S]{2048})?\x89HDF\r\n\x1a\n/;

/** NOMAD's name of an application definition: 'NXmpes' becomes 'Mpes'. */
const definitionName = (definition: string) => {
  const name = definition.startsWith('NX') ? definition.slice(2) : definition;
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** 'Mpes Experiment', 'Mpes, Xps Experiments', or 'Experiment' for a file without NXentry. */
export function nexusEntryType(definitions: readonly string[]): string {
  const names = [...new Set(definitions.map((d) => (d ? definitionName(d) : 'Generic')))];
  if (names.length === 0) return 'Experiment';
  return `${names.join(', ')} Experiment${names.length === 1 ? '' : 's'}`;
}

type Log = (level: LogLevel, event: string) => void;

/**
 * results.material from what the samples state: one formula gives the formulas and its elements; several
 * give their elements only; atom_types adds its elements either way. NOMAD drops the formula when
 * atom_types is given too (docs/processing.md).
 */
function nexusMaterial(summary: NexusSummary, log: Log): ResultsMaterial | undefined {
  const elements = new Set<string>();
  for (const symbol of new Set(summary.atomTypes)) {
    if (isElementSymbol(symbol)) elements.add(symbol);
    else log('WARNING', `atom_types names ${symbol}, which is no element: left out`);
  }
  const stated = [...summary.formulas];
  const compositions = stated.flatMap((formula) => {
    const composition = compositionOfFormula(formula);
    if (!composition) log('WARNING', `Could not read the chemical formula ${formula}`);
    return composition ? [{ formula, composition }] : [];
  });
  if (stated.length === 0) log('WARNING', 'the samples state no chemical formula');
  if (stated.length > 1)
    log('WARNING', `the samples state several formulas (${stated.join(', ')}): only their elements are kept`);
  for (const { composition } of compositions) for (const symbol of composition.keys()) elements.add(symbol);
  if (elements.size === 0) return undefined;
  const sorted = [...elements].sort();
  const material: ResultsMaterial = {
    elements: sorted,
    n_elements: sorted.length,
    elements_exclusive: sorted.join(' '),
  };
  const single = stated.length === 1 ? compositions[0] : undefined;
  if (!single) return material;
  const f = formulas(single.composition);
  return {
    ...material,
    chemical_formula_hill: f.hill,
    chemical_formula_reduced: f.reduced,
    chemical_formula_iupac: f.iupac,
    chemical_formula_anonymous: f.anonymous,
    // As the file writes it (NOMAD's 'original' descriptive format).
    chemical_formula_descriptive: single.formula,
  };
}

/** Reads the file where it lies (HDF5 reads what it needs), whatever its size; `content` is not used. */
const parseNexus = async ({
  absolutePath,
  mainfile,
  log,
}: Omit<ParserInput, 'content'>): Promise<ParserOutput> => {
  // The HDF5 library (WebAssembly) loads with the first NeXus file, not in every parser process.
  const { readNexus } = await import('./read-nexus.ts');
  const summary = await readNexus(absolutePath, basename(mainfile));
  if (summary.skipped > 0)
    log('WARNING', `${summary.skipped} groups beyond the first 20000 or 32 levels deep were not read`);
  if (summary.refused)
    log('WARNING', `${basename(mainfile)} keeps some of its data in other files, which are not read`);
  const material = nexusMaterial(summary, log);
  return {
    sections: material ? { results: { material } } : {},
    entryType: nexusEntryType(summary.definitions),
    domain: 'nexus',
  };
};

export const nexusParser: MainfileParser = {
  name: 'parsers/nexus',
  code: {
    codeLabel: 'NeXus',
    codeCategory: 'Database manager',
    codeUrl: 'https://www.nexusformat.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|`*.nxs` | **Mainfile**: a NeXus file (HDF5)|',
  },
  mainfileName: /\.nxs$/i,
  mainfileContents: HDF5_SIGNATURE,
  parse: parseNexus,
  // Streaming parsers are not held to a size limit; this one never reads the stream.
  parseStream: parseNexus,
};
