// DL_POLY's FIELD file: the force field. Directives are known by their first four letters in any case;
// each molecule type lists its atoms (a line may stand for several repeated sites), bonds, constraints,
// angles, dihedrals, inversions, rigid bodies and tethers, closed by 'finish'; the pair (vdw), metal,
// three- and four-body potentials between atom names follow, up to 'close'.

interface FieldAtom {
  label: string;
  /** amu */
  mass: number;
  /** e */
  charge: number;
  /** How many consecutive sites this line stands for. */
  repeat: number;
  frozen?: number;
  group?: number;
}

/** A bonded term between sites of a molecule (indices from 0) or a potential between atom names. */
export interface FieldTerm {
  kind: string;
  key: string;
  atomIndices?: number[];
  atomLabels?: string[];
  parameters: number[];
}

interface FieldMolecule {
  name: string;
  count: number;
  nAtoms: number;
  atoms: FieldAtom[];
  terms: FieldTerm[];
  /** Fixed bond lengths: the two sites (from 0) and the length in Å. */
  constraints: { atomIndices: number[]; length: number }[];
  /** Rigid bodies: their sites, from 0. */
  rigid: number[][];
}

export interface DlpolyField {
  units?: string;
  molecules: FieldMolecule[];
  /** Non-bonded potentials between atom names. */
  potentials: FieldTerm[];
}

/** Sites per bonded term, by directive. */
const BONDED: Readonly<Record<string, { kind: string; sites: number }>> = {
  bond: { kind: 'bond', sites: 2 },
  angl: { kind: 'angle', sites: 3 },
  dihe: { kind: 'dihedral', sites: 4 },
  inve: { kind: 'inversion', sites: 4 },
  teth: { kind: 'tether', sites: 1 },
};

/** Atom names per non-bonded potential, by directive. */
const NON_BONDED: Readonly<Record<string, { kind: string; sites: number }>> = {
  vdw: { kind: 'vdw', sites: 2 },
  meta: { kind: 'metal', sites: 2 },
  tbp: { kind: 'three-body', sites: 3 },
  fbp: { kind: 'four-body', sites: 4 },
};

const directive = (tokens: readonly string[]) => (tokens[0] ?? '').toLowerCase().slice(0, 4);

const countOf = (tokens: readonly string[]) => {
  const found = tokens.slice(1).find((token) => /^\d+$/.test(token));
  return found === undefined ? 0 : Number(found);
};

const numbersOf = (tokens: readonly string[]) =>
  tokens.map((token) => Number(token.replace(/[dD]/, 'E'))).filter((value) => Number.isFinite(value));

/** A cursor over the file's lines split into tokens, with the line number for errors. */
class Lines {
  index = 0;
  readonly rows: string[][];
  constructor(
    text: string,
    readonly file: string,
  ) {
    this.rows = text.split(/\r?\n/).map((line) => line.trim().split(/\s+/).filter(Boolean));
  }
  get done() {
    return this.index >= this.rows.length;
  }
  next(what: string): string[] {
    if (this.done) throw new Error(`${this.file} ends before ${what}`);
    return this.rows[this.index++]!;
  }
  where() {
    return `${this.file} line ${this.index}`;
  }
}

function readAtoms(lines: Lines, count: number): FieldAtom[] {
  const atoms: FieldAtom[] = [];
  for (let sites = 0; sites < count;) {
    const [label, mass, charge, repeat, frozen, group] = lines.next(`its ${count} atoms`);
    const atom: FieldAtom = {
      label: label!,
      mass: Number(mass),
      charge: Number(charge ?? 0),
      repeat: repeat && /^\d+$/.test(repeat) ? Math.max(1, Number(repeat)) : 1,
    };
    if (!Number.isFinite(atom.mass) || !Number.isFinite(atom.charge))
      throw new Error(`${lines.where()}: an atom 'name mass charge [repeat frozen]' expected`);
    if (frozen && /^\d+$/.test(frozen)) atom.frozen = Number(frozen);
    if (group && /^\d+$/.test(group)) atom.group = Number(group);
    atoms.push(atom);
    sites += atom.repeat;
  }
  return atoms;
}

/** 'key i j ... parameters' lines; DL_POLY numbers sites from 1. */
function readBonded(lines: Lines, count: number, kind: string, sites: number): FieldTerm[] {
  return Array.from({ length: count }, () => {
    const tokens = lines.next(`its ${count} ${kind} terms`);
    const indices = tokens.slice(1, 1 + sites).map(Number);
    if (indices.some((i) => !Number.isInteger(i) || i < 1))
      throw new Error(`${lines.where()}: a ${kind} 'key ${'i '.repeat(sites)}parameters' expected`);
    return {
      kind,
      key: tokens[0]!.toLowerCase(),
      atomIndices: indices.map((i) => i - 1),
      parameters: numbersOf(tokens.slice(1 + sites)),
    };
  });
}

function readRigid(lines: Lines, count: number): number[][] {
  return Array.from({ length: count }, () => {
    const tokens = [...lines.next('its rigid bodies')];
    const size = Number(tokens[0]);
    // A body of many sites goes on over further lines.
    while (tokens.length < size + 1) tokens.push(...lines.next('the sites of a rigid body'));
    return tokens.slice(1, size + 1).map((i) => Number(i) - 1);
  });
}

function readMolecule(lines: Lines, name: string): FieldMolecule {
  const molecule: FieldMolecule = {
    name,
    count: 0,
    nAtoms: 0,
    atoms: [],
    terms: [],
    constraints: [],
    rigid: [],
  };
  for (;;) {
    const tokens = lines.next(`'finish' of molecule ${name}`);
    const key = directive(tokens);
    const count = countOf(tokens);
    if (key === 'fini') return molecule;
    if (key === 'numm') molecule.count = count;
    else if (key === 'atom') {
      molecule.nAtoms = count;
      molecule.atoms = readAtoms(lines, count);
    } else if (key === 'cons')
      for (let k = 0; k < count; k += 1) {
        const [i, j, length] = lines.next('its constraints').map(Number);
        molecule.constraints.push({ atomIndices: [i! - 1, j! - 1], length: length! });
      }
    else if (key === 'rigi') molecule.rigid = readRigid(lines, count);
    else if (BONDED[key])
      molecule.terms.push(...readBonded(lines, count, BONDED[key].kind, BONDED[key].sites));
    // Shells, PMF constraints and other directives: their lines are skipped.
    else if (key === 'shel' || key === 'pmf') lines.index += key === 'pmf' ? 0 : count;
  }
}

function readNonBonded(lines: Lines, count: number, kind: string, sites: number): FieldTerm[] {
  return Array.from({ length: count }, () => {
    const tokens = lines.next(`its ${count} ${kind} potentials`);
    return {
      kind,
      key: (tokens[sites] ?? '').toLowerCase(),
      atomLabels: tokens.slice(0, sites),
      parameters: numbersOf(tokens.slice(sites + 1)),
    };
  });
}

export function readDlpolyField(text: string, file: string): DlpolyField {
  const lines = new Lines(text, file);
  const field: DlpolyField = { molecules: [], potentials: [] };
  lines.next('its title');
  while (!lines.done) {
    const tokens = lines.next('its end');
    const key = directive(tokens);
    if (key === 'clos') break;
    if (key === 'unit') field.units = tokens.slice(1).join(' ');
    else if (key === 'mole')
      for (let k = countOf(tokens); k > 0; k -= 1)
        field.molecules.push(readMolecule(lines, lines.next('a molecule name').join(' ')));
    else if (NON_BONDED[key] || key === 'vdwt')
      field.potentials.push(
        ...readNonBonded(lines, countOf(tokens), NON_BONDED[key]?.kind ?? 'vdw', NON_BONDED[key]?.sites ?? 2),
      );
  }
  return field;
}
