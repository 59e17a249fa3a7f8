// Reads vasprun.xml into a Vasprun (raw values in VASP units) in one streaming pass. Element
// paths decide where a leaf's value goes; everything else (projected eigenvalues, timings,
// dielectric functions ...) is skipped without being stored.
import type { Vec3 } from '@oasis/chem';
import type {
  RawAtomType,
  RawCalculation,
  RawDos,
  RawEigenvalues,
  RawStructure,
  TagMap,
  Vasprun,
} from './raw.ts';
import type { LeafText } from './leaf-text.ts';
import { parseNumber, parseTagValue, tokens } from './values.ts';
import { XmlWalker, type XmlElement } from './xml-stream.ts';

/** How the document is called in error messages. */
const LABEL = 'vasprun.xml';

const ROOT = 'modeling';
const PARAMETERS = `${ROOT}/parameters`;
const KPOINTS = `${ROOT}/kpoints`;
const GENERATION = `${KPOINTS}/generation`;
const ATOMINFO = `${ROOT}/atominfo`;
const CALCULATION = `${ROOT}/calculation`;
const EIGENVALUES = `${CALCULATION}/eigenvalues`;
const EIGENVALUE_ROWS = `${EIGENVALUES}/array/set/set/set`;
const DOS = `${CALCULATION}/dos`;
const TOTAL_DOS_ROWS = `${DOS}/total/array/set/set`;
const PARTIAL_DOS = `${DOS}/partial/array`;
const PARTIAL_DOS_ROWS = `${PARTIAL_DOS}/set/set/set`;
const STRUCTURES: ReadonlySet<string> = new Set([
  `${ROOT}/structure[initialpos]`,
  `${ROOT}/structure[finalpos]`,
  `${CALCULATION}/structure`,
]);

function fail(element: XmlElement, problem: string): never {
  throw new Error(`${LABEL}: ${problem} (<${element.name}> on line ${element.line})`);
}

function vec3(element: XmlElement, text: LeafText): Vec3 {
  const values = text.numbers();
  if (values.length !== 3) fail(element, `expected 3 numbers, found ${values.length}`);
  return values as Vec3;
}

/** Grows a [i][j] array of rows on demand (sets may be visited in any count). */
function slot<T>(rows: T[][], index: number): T[] {
  while (rows.length <= index) rows.push([]);
  return rows[index] as T[];
}

interface TableState {
  fields: string[];
  rows: string[][];
  row: string[] | undefined;
}

function atomTypesOf(table: TableState): RawAtomType[] {
  const column = (name: string): number => table.fields.indexOf(name);
  const [count, element, mass, valence, pseudo] = [
    column('atomspertype'),
    column('element'),
    column('mass'),
    column('valence'),
    column('pseudopotential'),
  ];
  return table.rows.map((row) => {
    const type: RawAtomType = {
      count: count >= 0 ? parseNumber(row[count] ?? '') : Number.NaN,
      element: (row[element] ?? '').trim(),
    };
    if (mass >= 0) type.mass = parseNumber(row[mass] ?? '');
    if (valence >= 0) type.valence = parseNumber(row[valence] ?? '');
    if (pseudo >= 0) type.pseudopotential = (row[pseudo] ?? '').trim().replace(/\s+/g, ' ');
    return type;
  });
}

/** Reads a vasprun.xml written to it in chunks; end() throws on malformed or truncated XML. */
interface VasprunReader {
  write: (chunk: Uint8Array) => void;
  end: () => Vasprun;
}

/** Parses a whole vasprun.xml. Throws on malformed or truncated XML and on non-vasprun content. */
export function readVasprun(content: Buffer): Vasprun {
  const reader = vasprunReader();
  reader.write(content);
  return reader.end();
}

/** readVasprun over the file's chunks as they are read, so that the file is never held whole. */
export async function readVasprunStream(chunks: AsyncIterable<Buffer>): Promise<Vasprun> {
  const reader = vasprunReader();
  for await (const chunk of chunks) reader.write(chunk);
  return reader.end();
}

function vasprunReader(): VasprunReader {
  const generator: Record<string, string> = {};
  const incar: TagMap = {};
  const parameters: TagMap = {};
  const run: Vasprun = {
    generator,
    incar,
    parameters,
    kpoints: { list: [], weights: [] },
    elements: [],
    atomTypes: [],
    calculations: [],
  };
  const tables: Record<'atoms' | 'atomtypes', TableState> = {
    atoms: { fields: [], rows: [], row: undefined },
    atomtypes: { fields: [], rows: [], row: undefined },
  };
  let table: TableState | undefined;
  let structure: RawStructure | undefined;
  let structurePath = '';
  let calculation: RawCalculation | undefined;
  let scstep: Record<string, number> | undefined;
  let eigenvalues: RawEigenvalues | undefined;
  let dos: RawDos | undefined;
  // Eigenvalues and DOS of earlier ionic steps are dropped once a later step has its own.
  let eigenvaluesOwner: RawCalculation | undefined;
  let dosOwner: RawCalculation | undefined;

  const open = (element: XmlElement): void => {
    const { path } = element;
    if (element.parent === undefined && element.name !== ROOT) {
      fail(element, `not a VASP run: the root element is <${element.name}>, not <${ROOT}>`);
    }
    // Leaves (i, v, r, c ...) carry values only: nothing to set up when they open.
    if (path === '') return;
    if (path === GENERATION) {
      const param = element.attributes.param;
      if (param !== undefined) run.kpoints.generation = param.trim();
    } else if (STRUCTURES.has(path)) {
      structure = { positions: [] };
      structurePath = path;
    } else if (path === CALCULATION) {
      calculation = { energies: {}, scsteps: [], scstepWallTimes: [] };
    } else if (path === `${CALCULATION}/scstep`) {
      scstep = {};
      calculation?.scsteps.push(scstep);
      calculation?.scstepWallTimes.push(Number.NaN);
    } else if (path === EIGENVALUES && calculation) {
      eigenvalues = { energies: [], occupations: [] };
      calculation.eigenvalues = eigenvalues;
    } else if (path === DOS && calculation) {
      dos = { energies: [], total: [], integrated: [] };
      calculation.dos = dos;
    } else if (path === PARTIAL_DOS && dos) {
      dos.partial = { fields: [], values: [] };
    } else if (element.name === 'rc') {
      // <array name="atoms|atomtypes"><set><rc><c>..</c></rc>: one table row per <rc>.
      const array = element.parent?.parent;
      if (array?.path === `${ATOMINFO}/array[atoms]`) table = tables.atoms;
      else if (array?.path === `${ATOMINFO}/array[atomtypes]`) table = tables.atomtypes;
      if (table) table.row = [];
    }
  };

  // Eigenvalue and DOS rows are read into one scratch row: a file has millions of them.
  const row = new Float64Array(3);
  const readRow = (text: LeafText): void => {
    // Missing columns read as NaN, as a short row always did.
    row.fill(Number.NaN);
    text.numbersInto(row);
  };

  const leaf = (element: XmlElement, parent: XmlElement, text: LeafText): void => {
    const at = parent.path;
    const name = element.attributes.name;
    const { type } = element.attributes;
    switch (element.name) {
      case 'r':
        if (at === EIGENVALUE_ROWS && eigenvalues) {
          readRow(text);
          const spin = parent.parent?.setIndex ?? 0;
          slot(slot(eigenvalues.energies, spin), parent.setIndex).push(row[0] as number);
          slot(slot(eigenvalues.occupations, spin), parent.setIndex).push(row[1] as number);
        } else if (at === TOTAL_DOS_ROWS && dos) {
          readRow(text);
          if (parent.setIndex === 0) dos.energies.push(row[0] as number);
          slot(dos.total, parent.setIndex).push(row[1] as number);
          slot(dos.integrated, parent.setIndex).push(row[2] as number);
        } else if (at === PARTIAL_DOS_ROWS && dos?.partial) {
          const values = text.numbers();
          const ion = slot(dos.partial.values, parent.parent?.setIndex ?? 0);
          const spin = slot(ion, parent.setIndex);
          for (let field = 1; field < values.length; field++)
            slot(spin, field - 1).push(values[field] as number);
        }
        return;
      case 'i':
      case 'v': {
        const list = element.name === 'v';
        if (at.startsWith(PARAMETERS)) {
          // First occurrence wins: later separators repeat some tags with other meanings
          // ('response functions' lists its own NELM).
          if (name !== undefined && !(name in parameters))
            parameters[name] = parseTagValue(text.string(), type, list);
        } else if (at === `${ROOT}/incar`) {
          if (name !== undefined) incar[name] = parseTagValue(text.string(), type, list);
        } else if (at === `${ROOT}/generator`) {
          if (name !== undefined) generator[name] = text.string().trim();
        } else if (structure && list && at.startsWith(structurePath)) {
          readStructureRow(element, at.slice(structurePath.length), text, structure);
        } else if (at === `${CALCULATION}/scstep/energy` && scstep && name !== undefined) {
          scstep[name] = parseNumber(text.string().trim());
        } else if (at === `${CALCULATION}/energy` && calculation && name !== undefined) {
          calculation.energies[name] = parseNumber(text.string().trim());
        } else if (at === `${CALCULATION}/varray[forces]` && calculation) {
          (calculation.forces ??= []).push(vec3(element, text));
        } else if (at === `${CALCULATION}/varray[stress]` && calculation) {
          (calculation.stress ??= []).push(vec3(element, text));
        } else if (at === DOS && dos && name === 'efermi') {
          dos.efermi = parseNumber(text.string().trim());
        } else if (at === GENERATION) {
          if (name === 'divisions') run.kpoints.divisions = text.numbers();
          else if (name === 'usershift') run.kpoints.usershift = text.numbers();
        } else if (at === `${KPOINTS}/varray[kpointlist]`) {
          run.kpoints.list.push(vec3(element, text));
        } else if (at === `${KPOINTS}/varray[weights]`) {
          run.kpoints.weights.push(parseNumber(text.string().trim()));
        }
        return;
      }
      case 'time':
        // <time name="..."> cpu wall </time>: NOMAD's timings are the wall times.
        if (calculation && at === `${CALCULATION}/scstep` && name === 'total') {
          const wall = text.numbers()[1];
          if (wall !== undefined) calculation.scstepWallTimes[calculation.scsteps.length - 1] = wall;
        } else if (calculation && at === CALCULATION && name === 'totalsc') {
          const wall = text.numbers()[1];
          if (wall !== undefined) calculation.wallTime = wall;
        }
        return;
      case 'c':
        if (parent.name === 'rc') table?.row?.push(text.string());
        return;
      case 'field': {
        const field = text.string().trim();
        if (at === `${ATOMINFO}/array[atoms]`) tables.atoms.fields.push(field);
        else if (at === `${ATOMINFO}/array[atomtypes]`) tables.atomtypes.fields.push(field);
        else if (at === PARTIAL_DOS && dos?.partial && field !== 'energy') dos.partial.fields.push(field);
        return;
      }
    }
  };

  const close = (element: XmlElement, text: LeafText | undefined): void => {
    const parent = element.parent;
    if (text !== undefined && parent) {
      leaf(element, parent, text);
      return;
    }
    const { path } = element;
    if (STRUCTURES.has(path) && structure) {
      if (path === `${CALCULATION}/structure`) {
        if (calculation) calculation.structure = structure;
      } else if (path.endsWith('[initialpos]')) {
        run.initialStructure = structure;
      } else {
        run.finalStructure = structure;
      }
      structure = undefined;
      structurePath = '';
    } else if (path === CALCULATION && calculation) {
      run.calculations.push(calculation);
      calculation = undefined;
    } else if (path === `${CALCULATION}/scstep`) {
      scstep = undefined;
    } else if (path === EIGENVALUES) {
      // Only once the new set is complete does the earlier step's set go (a cut-off file keeps it).
      if (calculation && eigenvaluesOwner !== calculation) {
        if (eigenvaluesOwner) delete eigenvaluesOwner.eigenvalues;
        eigenvaluesOwner = calculation;
      }
      eigenvalues = undefined;
    } else if (path === DOS) {
      if (calculation && dosOwner !== calculation) {
        if (dosOwner) delete dosOwner.dos;
        dosOwner = calculation;
      }
      dos = undefined;
    } else if (element.name === 'rc' && table) {
      if (table.row) table.rows.push(table.row);
      table.row = undefined;
      table = undefined;
    }
  };

  const walker = new XmlWalker({ open, close }, LABEL);
  const end = (): Vasprun => {
    try {
      walker.end();
    } catch (error) {
      // A run cut off (killed job, full disk) keeps its complete ionic steps; the caller warns.
      if (!walker.truncated) throw error;
      run.truncated = error instanceof Error ? error.message : String(error);
    }
    run.elements = tables.atoms.rows.map((row) => (row[tables.atoms.fields.indexOf('element')] ?? '').trim());
    run.atomTypes = atomTypesOf(tables.atomtypes);
    return run;
  };
  return { write: (chunk) => walker.write(chunk), end };
}

function readStructureRow(
  element: XmlElement,
  relativePath: string,
  text: LeafText,
  structure: RawStructure,
): void {
  if (relativePath === '/crystal/varray[basis]') {
    (structure.basis ??= []).push(vec3(element, text));
  } else if (relativePath === '/varray[positions]') {
    structure.positions.push(vec3(element, text));
  } else if (relativePath === '/varray[selective]') {
    (structure.selective ??= []).push(tokens(text.string()).map((t) => /^\.?t/i.test(t)));
  }
}
