// Reads vasprun.xml into a Vasprun (raw values in VASP units) in one streaming pass. Element
// paths decide where a leaf's value goes; everything else (projected eigenvalues, timings,
// dielectric functions ...) is skipped without being stored.
import type { Vec3 } from '../../structure.ts';
import type {
  RawAtomType,
  RawCalculation,
  RawDos,
  RawEigenvalues,
  RawStructure,
  TagMap,
  Vasprun,
} from './raw.ts';
import { parseNumber, parseNumbers, parseTagValue, tokens } from './values.ts';
import { walkXml, type XmlElement } from './xml-stream.ts';

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

function vec3(element: XmlElement, text: string): Vec3 {
  const values = parseNumbers(text);
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

/** Parses a whole vasprun.xml. Throws on malformed or truncated XML and on non-vasprun content. */
export function readVasprun(content: Buffer): Vasprun {
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
      calculation = { energies: {}, scsteps: [] };
    } else if (path === `${CALCULATION}/scstep`) {
      scstep = {};
      calculation?.scsteps.push(scstep);
    } else if (path === EIGENVALUES && calculation) {
      eigenvalues = { energies: [], occupations: [] };
      if (eigenvaluesOwner) delete eigenvaluesOwner.eigenvalues;
      calculation.eigenvalues = eigenvalues;
      eigenvaluesOwner = calculation;
    } else if (path === DOS && calculation) {
      dos = { energies: [], total: [], integrated: [] };
      if (dosOwner) delete dosOwner.dos;
      calculation.dos = dos;
      dosOwner = calculation;
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

  const leaf = (element: XmlElement, parent: XmlElement, text: string): void => {
    const at = parent.path;
    const name = element.attributes.name;
    const { type } = element.attributes;
    switch (element.name) {
      case 'r':
        if (at === EIGENVALUE_ROWS && eigenvalues) {
          const [energy = Number.NaN, occupation = Number.NaN] = parseNumbers(text);
          const spin = parent.parent?.setIndex ?? 0;
          slot(slot(eigenvalues.energies, spin), parent.setIndex).push(energy);
          slot(slot(eigenvalues.occupations, spin), parent.setIndex).push(occupation);
        } else if (at === TOTAL_DOS_ROWS && dos) {
          const [energy = Number.NaN, total = Number.NaN, integrated = Number.NaN] = parseNumbers(text);
          if (parent.setIndex === 0) dos.energies.push(energy);
          slot(dos.total, parent.setIndex).push(total);
          slot(dos.integrated, parent.setIndex).push(integrated);
        } else if (at === PARTIAL_DOS_ROWS && dos?.partial) {
          const values = parseNumbers(text);
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
          if (name !== undefined && !(name in parameters)) parameters[name] = parseTagValue(text, type, list);
        } else if (at === `${ROOT}/incar`) {
          if (name !== undefined) incar[name] = parseTagValue(text, type, list);
        } else if (at === `${ROOT}/generator`) {
          if (name !== undefined) generator[name] = text.trim();
        } else if (structure && list && at.startsWith(structurePath)) {
          readStructureRow(element, at.slice(structurePath.length), text, structure);
        } else if (at === `${CALCULATION}/scstep/energy` && scstep && name !== undefined) {
          scstep[name] = parseNumber(text.trim());
        } else if (at === `${CALCULATION}/energy` && calculation && name !== undefined) {
          calculation.energies[name] = parseNumber(text.trim());
        } else if (at === `${CALCULATION}/varray[forces]` && calculation) {
          (calculation.forces ??= []).push(vec3(element, text));
        } else if (at === `${CALCULATION}/varray[stress]` && calculation) {
          (calculation.stress ??= []).push(vec3(element, text));
        } else if (at === DOS && dos && name === 'efermi') {
          dos.efermi = parseNumber(text.trim());
        } else if (at === GENERATION) {
          if (name === 'divisions') run.kpoints.divisions = parseNumbers(text);
          else if (name === 'usershift') run.kpoints.usershift = parseNumbers(text);
        } else if (at === `${KPOINTS}/varray[kpointlist]`) {
          run.kpoints.list.push(vec3(element, text));
        } else if (at === `${KPOINTS}/varray[weights]`) {
          run.kpoints.weights.push(parseNumber(text.trim()));
        }
        return;
      }
      case 'c':
        if (parent.name === 'rc') table?.row?.push(text);
        return;
      case 'field':
        if (at === `${ATOMINFO}/array[atoms]`) tables.atoms.fields.push(text.trim());
        else if (at === `${ATOMINFO}/array[atomtypes]`) tables.atomtypes.fields.push(text.trim());
        else if (at === PARTIAL_DOS && dos?.partial && text.trim() !== 'energy') {
          dos.partial.fields.push(text.trim());
        }
        return;
    }
  };

  const close = (element: XmlElement, text: string | undefined): void => {
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
      eigenvalues = undefined;
    } else if (path === DOS) {
      dos = undefined;
    } else if (element.name === 'rc' && table) {
      if (table.row) table.rows.push(table.row);
      table.row = undefined;
      table = undefined;
    }
  };

  walkXml(content, { open, close }, LABEL);
  run.elements = tables.atoms.rows.map((row) => (row[tables.atoms.fields.indexOf('element')] ?? '').trim());
  run.atomTypes = atomTypesOf(tables.atomtypes);
  return run;
}

function readStructureRow(
  element: XmlElement,
  relativePath: string,
  text: string,
  structure: RawStructure,
): void {
  if (relativePath === '/crystal/varray[basis]') {
    (structure.basis ??= []).push(vec3(element, text));
  } else if (relativePath === '/varray[positions]') {
    structure.positions.push(vec3(element, text));
  } else if (relativePath === '/varray[selective]') {
    (structure.selective ??= []).push(tokens(text).map((t) => /^\.?t/i.test(t)));
  }
}
