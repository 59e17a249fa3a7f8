// The tables of a TURBOMOLE module's output, declared on the text toolkit (in TURBOMOLE's units: bohr,
// Hartree, Hartree/bohr, eV for GW, kJ/mol for freeh): coordinates, basis sets, SCF iterations, the
// coupled-cluster iterations and energy boxes, the gradient, the force-constant matrix, GW
// quasi-particle states and freeh's thermodynamic tables.
import { numbersIn } from '../../text/numbers.ts';
import { plainNumber } from '../../text/convert-number.ts';
import {
  type Convert,
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  real,
  table,
  text,
} from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';

export type Vec = [number, number, number];

const xyz =
  (a: number): Convert<Vec> =>
  (match) => {
    const values = [match[a], match[a + 1], match[a + 2]].map(Number);
    return values.some(Number.isNaN) ? undefined : (values as Vec);
  };

/** TURBOMOLE writes elements in lower case ('mg'); symbols are capitalised. */
export const element = (symbol: string): string =>
  symbol.charAt(0).toUpperCase() + symbol.slice(1).toLowerCase();

const REAL = '(-?\\d+\\.\\d+)';

/** 'atomic coordinates  atom [shells] charge [pseudo] isotop': x y z (bohr) and the element, then more. */
export const atomicCoordinates = table(
  /^\s*atomic coordinates\s+atom\s/,
  new RegExp(`^\\s*${REAL}\\s+${REAL}\\s+${REAL}\\s+([a-zA-Z]{1,2})\\s`),
  fields({ position: xyz(1), symbol: text(4) }),
);

/** statpt's 'ATOM  CARTESIAN COORDINATES': 'n symbol x y z' (bohr). */
export const statptCoordinates = table(
  /^\s*ATOM\s+CARTESIAN COORDINATES/,
  new RegExp(`^\\s*\\d+\\s+([a-zA-Z]{1,2})\\s+${REAL}\\s+${REAL}\\s+${REAL}\\s*$`),
  fields({ symbol: text(1), position: xyz(2) }),
);

/** 'basis set information' and 'Auxiliary basis set information': per element its basis name and sizes. */
export const basisSets = blocks(
  /basis set information\s*\|/i,
  {
    auxiliary: flag(/Auxiliary basis set information/i),
    spherical: flag(/with spherical basis functions/),
    rows: every(
      /^\s*([a-z]{1,2})\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+\[(\S+)\]/,
      fields({ symbol: text(1), contracted: integer(4), name: text(5), shells: text(6) }),
    ),
  },
  { end: /total number of SCF-basis functions/ },
);

/** One SCF iteration: 'ITERATION ENERGY 1e-ENERGY 2e-ENERGY ...' and the lines under it. */
export const scfIterations = blocks(
  /^\s*ITERATION\s+ENERGY\s+1e-ENERGY/,
  {
    energies: first(
      /^\s*\d+\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)/,
      fields({ total: plainNumber(1), oneElectron: plainNumber(2), twoElectron: plainNumber(3) }),
    ),
    xc: first(/Exc\s*=\s*(-?\d+\.\d+)/, plainNumber()),
    damping: first(/current damping\s*[:=]\s*(\S+)/, real()),
    diis: first(/Norm of current diis error\s*:\s*(\S+)/, real()),
    deltaEigenvalues: first(/Delta Eig\.\s*=\s*(\S+)\s*eV/, real()),
  },
  { end: /ENERGY CONVERGED|End of SCF iterations|convergence criteria satisfied|^\s*\*+\s*$/ },
);

/** The coupled-cluster amplitude iterations: CCSD energy, ..., cpu and wall seconds. */
export const ccIterations = block(
  /^\s*Iter\.\s+CCSD energy/,
  {
    rows: every(
      /^\s*\d+\s+(-?\d+\.\d+)\s+\S+\s+\S+\s+\S+\s+(\d+\.\d+)\s+(\d+\.\d+)\s*$/,
      fields({ energy: plainNumber(1), wall: plainNumber(3) }),
    ),
  },
  { end: /CC equations converged|^\s*$/ },
);

/** A box of '* RHF energy : ...' up to '* Final <method> energy : ...'. */
export const energyBoxes = blocks(
  /^\s*\*\s+(?:RHF|UHF|ROHF)\s+energy\s*:/,
  {
    final: first(
      /Final (\S+) energy\s*:\s*(-?\d+\.\d+)/,
      fields({ method: text(1), energy: plainNumber(2) }),
    ),
    correlation: first(
      /\*\s+(?:MP2 |CCSD )?correlation energy(?: \(doubles\))?\s*:\s*(-?\d+\.\d+)/,
      plainNumber(),
    ),
    totalCorrelation: first(/total correlation energy\s*:\s*(-?\d+\.\d+)/, plainNumber()),
  },
  { end: /Final \S+ energy\s*:/ },
);

/** 'cartesian gradient of the energy (hartree/bohr)': rows 'dE/dx v v v ...' per group of atoms. */
export const gradient = block(
  /cartesian gradient of the energy \(hartree\/bohr\)/,
  {
    rows: every(/^\s*dE\/d([xyz])\s+(.*)$/, (match) => ({ axis: match[1]!, values: numbersIn(match[2]!) })),
  },
  { end: /calculation of the energy gradient finished|resulting FORCE/ },
);

/** x, y, z rows of the gradient groups put together: one vector per atom. */
export function gradientVectors(rows: readonly { axis: string; values: number[] }[]): Vec[] {
  const byAxis: Record<string, number[]> = { x: [], y: [], z: [] };
  for (const row of rows) byAxis[row.axis]!.push(...row.values);
  return byAxis.x!.map((x, i) => [x, byAxis.y![i] ?? 0, byAxis.z![i] ?? 0]);
}

type HessianLine = { columnsFrom: number } | { atom?: number; axis: number; values: number[] };

const AXES = 'xyz';

/**
 * 'CARTESIAN FORCE CONSTANT MATRIX (hartree/bohr**2)': lower triangles printed two atoms of columns at a
 * time; 'ATOM n s  m s' heads each group, rows are 'n s dx v ...' or '      dy v ...'.
 */
export const hessianLines = block(
  /CARTESIAN FORCE CONSTANT MATRIX \(hartree\/bohr\*\*2\)/,
  {
    lines: every(
      /^\s*(?:ATOM\s+(\d+)\s|(?:(\d+)\s+[a-z]{1,2}\s+)?d([xyz])\s+(.*)$)/,
      (match): HessianLine => {
        if (match[1]) return { columnsFrom: (Number(match[1]) - 1) * 3 };
        const line: HessianLine = { axis: AXES.indexOf(match[3]!), values: numbersIn(match[4]!) };
        if (match[2]) line.atom = Number(match[2]);
        return line;
      },
    ),
  },
  { end: /hessian written|dipole moment in principle|NORMAL MODES/ },
);

/** The symmetric Cartesian Hessian (3N × 3N) of the printed lower triangles. */
export function hessianMatrix(lines: readonly HessianLine[]): number[][] {
  const entries: [number, number, number][] = [];
  let columnsFrom = 0;
  let atom = 1;
  let size = 0;
  for (const line of lines) {
    if ('columnsFrom' in line) {
      columnsFrom = line.columnsFrom;
      continue;
    }
    if (line.atom !== undefined) atom = line.atom;
    const row = (atom - 1) * 3 + line.axis;
    size = Math.max(size, row + 1);
    line.values.forEach((value, k) => entries.push([row, columnsFrom + k, value]));
  }
  const matrix = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const [i, j, value] of entries) {
    if (i >= size || j >= size) continue;
    matrix[i]![j] = value;
    matrix[j]![i] = value;
  }
  return matrix;
}

/** 'NORMAL MODES and VIBRATIONAL FREQUENCIES': the frequency (cm⁻¹) and IR intensity (km/mol) rows. */
export const normalModes = block(
  /NORMAL MODES and VIBRATIONAL FREQUENCIES/,
  {
    frequencies: every(/^\s*frequency\s+(.*)$/, (match) => numbersIn(match[1]!)),
    intensities: every(/^intensity \(km\/mol\)\s+(.*)$/, (match) => numbersIn(match[1]!)),
  },
  { end: /zero point VIBRATIONAL energy/ },
);

/** GW: its parameters ('name   value') and one table of quasi-particle states (eV) per spin. */
export const gw = block(/^\s*GW version\s+\d+/, {
  spinChannels: first(/^\s*number of spin channels\s+(\d+)/, integer()),
  type: first(/^\s*type of gw 0:G0W0 1: GW0\s+(\d+)/, integer()),
  eta: first(/^\s*eta \(Hartree\)\s+(\S+)/, real()),
  tables: spans(
    /^\s*orb\s+eps\s+QP-eps\s+Sigma\s+Sigma_x/,
    /^\s*\d+(\s+-?\d+\.\d+){8}\s*$|^\s*-{10,}\s*$|in eV/,
    {
      rows: every(/^\s*\d+((?:\s+-?\d+\.\d+){8})\s*$/, (match) => numbersIn(match[1]!)),
    },
  ),
});

/** freeh: 'T p ln(qtrans) ln(qrot) ln(qvib) chem.pot. energy entropy' rows after two header lines. */
export const freehPotentials = table(
  /^\s*T\s+p\s+ln\(qtrans\)/,
  /^\s*(\d+\.\d+)\s+(\d+\.\d+)\s+\S+\s+\S+\s+\S+\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/,
  fields({
    temperature: plainNumber(1),
    pressure: plainNumber(2),
    chemicalPotential: plainNumber(3),
    energy: plainNumber(4),
    entropy: plainNumber(5),
  }),
  { skip: 2 },
);

/** freeh: 'T P Cv Cp enthalpy' rows after one header line. */
export const freehCapacities = table(
  /^\s*T\s+P\s+Cv\s+Cp\s+enthalpy/,
  /^\s*(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(-?\d+\.\d+)\s*$/,
  fields({
    temperature: plainNumber(1),
    pressure: plainNumber(2),
    cv: plainNumber(3),
    cp: plainNumber(4),
    enthalpy: plainNumber(5),
  }),
  { skip: 1 },
);

/** A group of printed orbitals: 'irrep 9a' 10a' ...', 'eigenvalues H ...' and 'occupation ...' (occupied only). */
export const orbitalGroups = blocks(
  /^\s*irrep\s+\d+\S*/,
  {
    labels: first(/^\s*irrep\s+(.*)$/, (m) => m[1]!.trim().split(/\s+/)),
    energies: first(/^\s*eigenvalues H\s+(.*)$/, (m) => numbersIn(m[1]!)),
    occupations: first(/^\s*occupation\s+(.*)$/, (m) => numbersIn(m[1]!)),
  },
  { end: /^\s*$/ },
);

/** Seconds of TURBOMOLE's '1 days 12 hours 46 minutes and 57 seconds' or '0.40 seconds'. */
export const duration: Convert<number> = (match) => {
  const value = match[1]!;
  const units: [RegExp, number][] = [
    [/([\d.]+)\s*days?/, 86400],
    [/([\d.]+)\s*hours?/, 3600],
    [/([\d.]+)\s*minutes?/, 60],
    [/([\d.]+)\s*seconds?/, 1],
  ];
  let seconds = 0;
  let found = false;
  for (const [pattern, factor] of units) {
    const part = pattern.exec(value);
    if (part) {
      seconds += Number(part[1]) * factor;
      found = true;
    }
  }
  return found ? seconds : undefined;
};
