// The parts of a Psi4 output its modules share, declared on the text toolkit (in Psi4's units: Hartree,
// bohr or Å as printed, e·bohrⁿ): the geometry, the SCF algorithm, basis sets, the DFT potential, energy
// tables ('Key Energy = value'), orbital energies, properties (multipoles, Mulliken and Löwdin charges)
// and gradient tables.
import {
  type Convert,
  type Declaration,
  type Rule,
  block,
  blocks,
  every,
  fields,
  first,
  real,
  table,
  tables,
  text,
} from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';

export const F = '(-?\\d+\\.\\d+(?:[eE][-+]?\\d+)?)';

export type Vec = [number, number, number];

const vec3 =
  (a: number): Convert<Vec> =>
  (match) => {
    const values = [match[a], match[a + 1], match[a + 2]].map(Number);
    return values.some(Number.isNaN) ? undefined : (values as Vec);
  };

/** A 'key = value' pair of an energy table, by Psi4's label ('Nuclear Repulsion', 'One-Electron'). */
export interface KeyValue {
  key: string;
  value: number;
}

const keyValue =
  (keyGroup = 1, valueGroup = 2): Convert<KeyValue> =>
  (match) => {
    const key = match[keyGroup]?.trim();
    const value = Number(match[valueGroup]);
    return key && Number.isFinite(value) ? { key, value } : undefined;
  };

/** Energy tables opened by `start`, closed by `end`, read as key/value pairs of lines like `row`. */
export const energyTables = (start: RegExp | RegExp[], row: RegExp, end: RegExp, convert = keyValue()) =>
  blocks(start, { pairs: every(row, convert) }, { end });

/** '==> Geometry <==': the unit, the atoms (symbol, x, y, z, mass) and what the header says. */
export const geometry = block(
  /==> Geometry <==/,
  {
    unit: first(/Geometry \(in (Angstrom|Bohr)\)/, text()),
    atoms: every(
      new RegExp(`^\\s*([A-Z][A-Za-z]*)\\s+${F}\\s+${F}\\s+${F}\\s+${F}\\s*$`),
      fields({ symbol: text(1), position: vec3(2) }),
    ),
    pointGroup: first(/Full point group:\s*(\S+)/, text()),
    rotationalConstants: first(
      new RegExp(`Rotational constants: A =\\s*${F}\\s+B =\\s*${F}\\s+C =\\s*${F} \\[cm\\^-1\\]`),
      vec3(1),
    ),
    charge: first(/^\s*Charge\s*=\s*(-?\d+)/, real()),
    multiplicity: first(/^\s*Multiplicity\s*=\s*(\d+)/, real()),
    nalpha: first(/^\s*Nalpha\s*=\s*(\d+)/, real()),
    nbeta: first(/^\s*Nbeta\s*=\s*(\d+)/, real()),
  },
  { end: /==>/ },
);

/** '==> Algorithm <==': the SCF algorithm and thresholds. */
export const algorithm = block(
  /==> Algorithm <==/,
  {
    type: first(/SCF Algorithm Type is (.+)\./, text()),
    diis: first(/^\s*DIIS (\w+)\./, (m) => m[1] === 'enabled'),
    mom: first(/^\s*MOM (\w+)\./, (m) => m[1] === 'enabled'),
    guess: first(/Guess Type is (.+)\./, text()),
    energyThreshold: first(new RegExp(`Energy threshold\\s*=\\s*${F}`), real()),
    densityThreshold: first(new RegExp(`Density threshold\\s*=\\s*${F}`), real()),
    integralThreshold: first(new RegExp(`Integral threshold\\s*=\\s*${F}`), real()),
  },
  { end: /==>/ },
);

/** A basis of 'Basis Set: NAME' (or 'Core potential: NAME') and its 'Key: value' lines. */
export interface BasisEntry {
  name: string;
  values: Record<string, string>;
}

const basisEntries = blocks(
  [/^\s*Basis Set:/, /^\s*Core potential:/, /AO BASIS SET INFORMATION:/],
  {
    name: first(/(?:Basis Set|Core potential):\s*(.*?)\s*$/, (m) => m[1]!.replace(/^\(|\)$/g, '')),
    values: every(/^\s*([^:]+?)\s*:\s*(.*?)\s*$/, fields({ key: text(1), value: text(2) })),
  },
  { end: /^\s*$/ },
);

/** '==> Primary Basis <==' (or '==> Basis Set <=='): its basis entries. */
export const primaryBasis = block(
  /==> (?:Primary )?Basis (?:Set )?<==/,
  { entries: basisEntries },
  { end: /==>/ },
);

/** '=> Auxiliary Basis Set <=' blocks: their basis entries. */
export const auxiliaryBasis = blocks(
  / Auxiliary Basis (?:Set )?<=/,
  { entries: basisEntries },
  { end: /==>/ },
);

/** '==> ...J/K Matrices <==': its 'Key: value' parameters, after a blank line, up to the next blank one. */
export const jkMatrices = spans(
  /J\/K Matrices <==/,
  /:\s/,
  { values: every(/^\s*([^:]+?)\s*:\s*(\S+)\s*$/, fields({ key: text(1), value: text(2) })) },
  { skip: 1 },
);

const weighted = every(new RegExp(`^\\s*${F}\\s+(\\S+)\\s*$`), fields({ weight: real(1), name: text(2) }));
const parameters = every(/^\s*([^=]+?)\s*=\s*(\S+)\s*$/, fields({ key: text(1), value: text(2) }));

/** '==> DFT Potential <==': the composite functional, its parts with weights, and the quadrature. */
export const dftPotential = block(
  /==> DFT Potential <==/,
  {
    composite: block(
      /Composite Functional/,
      {
        heading: first(
          /=>\s*(?:(\S+) Composite Functional|Composite Functional:\s*(\S+))/,
          (m) => m[1] ?? m[2],
        ),
        name: first(/^\s{2,}([A-Za-z0-9][\w()+-]*)\s+\S.*Functional/, text()),
        parameters,
      },
      { end: /=> .* <=/ },
    ),
    exactExchange: block(/=> Exact \(HF\) Exchange <=/, { terms: weighted }, { end: /=> .* <=|==>/ }),
    exchange: block(/=> Exchange Functionals <=/, { terms: weighted }, { end: /=> .* <=|==>/ }),
    correlation: block(/=> Correlation Functionals <=/, { terms: weighted }, { end: /=> .* <=|==>/ }),
    hybrid: block(/=> Exchange-Correlation Functionals <=/, { terms: weighted }, { end: /=> .* <=|==>/ }),
    quadrature: block(/=> Molecular Quadrature <=/, { parameters }, { end: /==>/ }),
  },
  { end: /==> (?!DFT Potential)/ },
);

/** An orbital-energy table ('Doubly Occupied:', 'Alpha Virtual:' ...): label and energy pairs. */
export const orbitalTables = spans(
  /^\s*(?:[A-Za-z]+ )?(?:Occupied|Virtual):/,
  /^\s*$|^\s+\d+\S*\s+-?\d+\.\d+/,
  {
    pairs: every(/^\s+(\d+\S*\s+-?\d+\.\d+.*)$/, (m) => {
      const tokens = m[1]!.trim().split(/\s+/);
      const pairs: { label: string; energy: number }[] = [];
      for (let i = 0; i + 1 < tokens.length; i += 2)
        pairs.push({ label: tokens[i]!, energy: Number(tokens[i + 1]) });
      return pairs;
    }),
  },
);

const dipoleAfter = (heading: RegExp) =>
  block(heading, { value: first(new RegExp(`X:\\s*${F}\\s+Y:\\s*${F}\\s+Z:\\s*${F}`), vec3(1)) });

const chargeTable = (heading: RegExp) =>
  block(
    heading,
    {
      atoms: every(new RegExp(`^\\s*\\d+\\s+[A-Z][a-zA-Z]*\\s+${F}\\s+${F}\\s+${F}\\s+${F}\\s*$`), (m) =>
        [1, 2, 3, 4].map((i) => Number(m[i])),
      ),
      total: first(new RegExp(`Total charge =\\s*${F}`), real()),
    },
    { end: /Total alpha =/ },
  );

/** What a 'Properties' print holds: dipoles, the multipole table (electronic, nuclear, total), charges. */
export const propertiesDeclaration = {
  nuclear: dipoleAfter(/^\s*Nuclear Dipole Moment: \(a\.u\.\)/),
  electronic: dipoleAfter(/^\s*Electronic Dipole Moment: \(a\.u\.\)/),
  total: dipoleAfter(/^\s*Dipole Moment: \(a\.u\.\)/),
  multipoles: every(
    new RegExp(`^\\s*(Dipole|Quadrupole|Octupole|Hexadecapole|32-pole) [XYZ]+\\s*:\\s*${F}\\s+${F}\\s+${F}`),
    fields({ kind: text(1), values: vec3(2) }),
  ),
  mulliken: chargeTable(/Mulliken Charges: \(a\.u\.\)/),
  lowdin: chargeTable(/Lowdin Charges: \(a\.u\.\)/),
} satisfies Declaration;

/** Gradient rows 'n x y z' (Hartree/bohr) after a heading, its column names and rule. */
export const gradientTable = (heading: RegExp): Rule<Vec[]> =>
  table(heading, new RegExp(`^\\s*\\d+\\s+${F}\\s+${F}\\s+${F}\\s*$`), vec3(1), { skip: 2 });

/** SALC gradients: every '-<name> Energy 1st Derivatives:' or '-<name> contribution to gradient:'. */
export const gradientContributions = tables(
  /^\s*-(.+) (?:Energy 1st Derivatives|contribution to gradient):/,
  new RegExp(`^\\s*\\d+\\s+${F}\\s+${F}\\s+${F}\\s*$`),
  vec3(1),
  { skip: 2 },
);

export const contributionNames = every(
  /^\s*-(.+?) (?:Energy 1st Derivatives|contribution to gradient):/,
  text(),
);
