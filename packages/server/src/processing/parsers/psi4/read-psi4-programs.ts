// The programs a Psi4 module prints, declared on the text toolkit (in Psi4's units): SCF and SCF GRAD,
// the OCC Møller-Plesset program, DETCI's CI and MCSCF, the MCSCF program and the CC programs (CCENERGY,
// CCLAMBDA, CCDENSITY), each read into one shape: its method, geometry, basis, functional, iterations,
// energy tables, orbitals, properties and gradient.
import { type Declaration, type Parsed, block, blocks, every, first, flag, text } from '../../text/rules.ts';
import {
  F,
  type BasisEntry,
  type KeyValue,
  type Vec,
  algorithm,
  auxiliaryBasis,
  dftPotential,
  energyTables,
  geometry,
  gradientTable,
  jkMatrices,
  orbitalTables,
  primaryBasis,
  propertiesDeclaration,
} from './read-psi4-blocks.ts';

type SubmoduleKind =
  | 'scf'
  | 'scf_grad'
  | 'mp'
  | 'ci'
  | 'mcscf'
  | 'mcscf_detci'
  | 'cc'
  | 'cc_energy'
  | 'cc_lambda'
  | 'cc_density';

/** The order NOMAD takes a module's programs in: by kind, then as printed. */
const KINDS: readonly SubmoduleKind[] = [
  'scf',
  'scf_grad',
  'mp',
  'ci',
  'mcscf',
  'mcscf_detci',
  'cc',
  'cc_energy',
  'cc_lambda',
  'cc_density',
];

export type Psi4Properties = Parsed<typeof propertiesDeclaration>;

interface Psi4Geometry {
  species: string[];
  /** in `unit` */
  positions: Vec[];
  unit: 'Angstrom' | 'Bohr';
}

export interface Psi4Functional {
  composite?: { name: string; parameters: Record<string, string | number | boolean> };
  /** weight and name, per kind, as printed ('XC_GGA_X_PBE', 'HF') */
  exactExchange: { weight: number; name: string }[];
  exchange: { weight: number; name: string }[];
  correlation: { weight: number; name: string }[];
  hybrid: { weight: number; name: string }[];
  quadrature: Record<string, string | number | boolean>;
}

export interface Psi4Submodule {
  kind: SubmoduleKind;
  /** 'RHF', 'DF-RKS', 'MP2.5' ..., when the program names one. */
  method?: string;
  geometry?: Psi4Geometry;
  algorithm?: Parsed<{ a: typeof algorithm }>['a'];
  basis: BasisEntry[];
  auxiliaryBasis: BasisEntry[][];
  jk: Record<string, string>;
  functional?: Psi4Functional;
  /** Hartree: total energy and its change per iteration (no change for CC amplitude iterations). */
  iterations: { energy: number; change?: number }[];
  /** Energy tables (Hartree) in print order. */
  energies: KeyValue[][];
  /** Orbital groups (occupied, virtual, per spin): label and energy (Hartree). */
  orbitals: { label: string; energy: number }[][];
  s2?: { expected?: number; observed?: number; sExpected?: number; sObserved?: number };
  properties: Psi4Properties[];
  /** Hartree/bohr */
  gradient?: Vec[];
}

const pairs = (group: number) => (m: RegExpExecArray) => ({ key: m[1]!.trim(), value: Number(m[group]) });

const iterationRows = (m: RegExpExecArray) => ({ energy: Number(m[1]), change: Number(m[2]) });

const scfLike = {
  geometry,
  algorithm,
  primaryBasis,
  auxiliaryBasis,
  jk: jkMatrices,
  functional: dftPotential,
  reference: first(/^\s+(\S.*?) Reference\s*$|@(.+) Final Energy:/, (m) => (m[1] ?? m[2])!.trim()),
  iterations: block(
    /==> Iterations <==/,
    { rows: every(new RegExp(`iter\\s+\\d+:\\s+${F}\\s+${F}\\s+${F}`), iterationRows) },
    { end: /==> (?!Iterations)/ },
  ),
  s2Expected: first(new RegExp(`@S\\^2 Expected:\\s+${F}`), (m) => Number(m[1])),
  s2Observed: first(new RegExp(`@S\\^2 Observed:\\s+${F}`), (m) => Number(m[1])),
  sExpected: first(new RegExp(`@S   Expected:\\s+${F}`), (m) => Number(m[1])),
  sObserved: first(new RegExp(`@S   Observed:\\s+${F}`), (m) => Number(m[1])),
  orbitals: orbitalTables,
  energies: energyTables(/=> Energetics <=/, new RegExp(`^\\s*(.+?) Energy =\\s*${F}`), /Total Energy =/),
  properties: blocks(/Properties will be evaluated at/, propertiesDeclaration, { end: /==>|tstop/ }),
  gradient: gradientTable(/^\s*-Total Gradient:/),
};

const mp = {
  name: first(/^\s*(MP[\d.]+)(?:\s+Program|\s*$)/, text()),
  energies: energyTables(
    /Computing MP[\d.]+ energy using SCF MOs/,
    new RegExp(`^\\s+(.+?) (?:Energy|Contribution) (Correction )?\\(a\\.u\\.\\)\\s*:\\s+${F}`),
    /^\s*$/,
    (m) => ({ key: m[1]!.trim() + (m[2] ? ' Correction' : ''), value: Number(m[3]) }),
  ),
};

const detci = {
  iterations: block(
    /Starting .+? iterations/,
    { rows: every(new RegExp(`@.+\\d+: +\\d+ +${F} +${F} +${F}`), iterationRows) },
    { end: /==>/ },
  ),
  energies: energyTables(/==> Energetics <==/, new RegExp(`^\\s*(.+) [Ee]nergy += *${F}`), /Total/, pairs(2)),
  properties: blocks(/erties computed using the/, propertiesDeclaration, { end: /==>|^\s*Prop|tstop/ }),
};

const mcscf = {
  iterations: block(/Cycle\s+Energy/, {
    rows: every(new RegExp(`@SCF\\s+\\d+\\s+${F}\\s+${F}\\s+${F}`), iterationRows),
  }),
  energies: blocks(/\*\s+SCF total energy/, {
    pairs: every(new RegExp(`\\*\\s+(SCF total) energy\\s+=\\s+${F}`), pairs(2)),
  }),
  eigenvalues: block(
    /Eigenvalues \(Eh\)/,
    {
      lines: every(/(occupied orbitals)|^\s+(\d+\s+-?\d+\.\d+\s+\S+.*)$/, (m) =>
        m[1] ? { group: true as const } : { rows: m[2]!.trim().split(/\s+/) },
      ),
    },
    { end: /={10,}/ },
  ),
};

const ccRow = new RegExp(`([\\w. -]+) energy.* += +${F}`);

const cc = {
  energies: energyTables(/Nuclear Rep/, new RegExp(`([\\w. -]+) energy += +${F}`), /^\s*$/, pairs(2)),
};

const ccEnergy = {
  iterations: block(
    /^\s*Iter\s+Energy/,
    { rows: every(new RegExp(`^\\s*\\d+\\s+${F}\\s+${F}\\s+${F}`), (m) => ({ energy: Number(m[1]) })) },
    { end: /^\s*$/ },
  ),
  energies: blocks(
    /^\s*SCF energy/,
    { pairs: every(ccRow, pairs(2)), complete: flag(/CCSD total energy/) },
    { end: /CCSD total energy/ },
  ),
};

const ccLambda = {
  iterations: block(
    /Iter\s+PseudoEnergy/,
    { rows: every(new RegExp(`^\\s*\\d+\\s+${F}\\s+${F}\\s*$`), (m) => ({ energy: Number(m[1]) })) },
    { end: /^\s*$/ },
  ),
  energies: energyTables(/Nuclear Rep\. energy/, ccRow, /Total CCSD energy/, pairs(2)),
};

const ccDensity = {
  energies: energyTables(
    [/Nuclear Rep\. energy/, /Energies re-computed from/, /Virial Theorem Data/],
    new RegExp(`([\\w. -]+) energy(?: +\\(.+\\))* += +${F}`),
    /^\s*$/,
    pairs(2),
  ),
  properties: blocks(/Properties will be evaluated at/, propertiesDeclaration, { end: /==>|tstop/ }),
};

export const submoduleRules = {
  scf: blocks(/^\s+SCF\s*$/, scfLike, { end: /Computation Completed|tstop/ }),
  scf_grad: blocks(/^\s+SCF GRAD\s*$/, scfLike, { end: /tstop/ }),
  mp: blocks(/^\s*MP[\d.]+\s*$|MP[\d.]+\s+Program/, mp, { end: /tstop/ }),
  ci: blocks(/^\s+Configuration Interaction\s*$/, detci, { end: /PASSED|tstart/ }),
  mcscf: blocks(/MCSCF: a self-consistent field program/, mcscf, { end: /tstop/ }),
  mcscf_detci: blocks(/Multi-Configurational Self-Consistent Field/, detci, { end: /PASSED|tstart/ }),
  cc: blocks(/Wfn Parameters:/, cc, { end: /tstop/ }),
  cc_energy: blocks(/CCENERGY\s+\*/, ccEnergy, { end: /tstop/ }),
  cc_lambda: blocks(/CCLAMBDA\s+\*/, ccLambda, { end: /tstop/ }),
  cc_density: blocks(/CCDENSITY\s+\*/, ccDensity, { end: /tstop/ }),
} satisfies Declaration;

const valueOf = (value: string): string | number | boolean => {
  if (value === 'TRUE' || value === 'FALSE') return value === 'TRUE';
  const number = Number(value);
  return value !== '' && Number.isFinite(number) ? number : value;
};

function functionalOf(read: Parsed<typeof scfLike>['functional']): Psi4Functional | undefined {
  if (!read) return undefined;
  const composite = read.composite;
  const name = composite?.name ?? composite?.heading;
  return {
    ...(name
      ? {
          composite: {
            name,
            parameters: Object.fromEntries(
              (composite?.parameters ?? []).map((p) => [p.key, valueOf(p.value)]),
            ),
          },
        }
      : {}),
    exactExchange: read.exactExchange?.terms ?? [],
    exchange: read.exchange?.terms ?? [],
    correlation: read.correlation?.terms ?? [],
    hybrid: read.hybrid?.terms ?? [],
    quadrature: Object.fromEntries((read.quadrature?.parameters ?? []).map((p) => [p.key, valueOf(p.value)])),
  };
}

const basisEntries = (
  entries: readonly { name?: string; values: { key: string; value: string }[] }[],
): BasisEntry[] =>
  entries.map((e) => ({
    name: e.name ?? '',
    values: Object.fromEntries(e.values.map((v) => [v.key, v.value])),
  }));

function scfSubmodule(kind: SubmoduleKind, read: Parsed<typeof scfLike>): Psi4Submodule {
  const sub: Psi4Submodule = {
    kind,
    basis: basisEntries(read.primaryBasis?.entries ?? []),
    auxiliaryBasis: read.auxiliaryBasis.map((b) => basisEntries(b.entries)),
    jk: Object.fromEntries((read.jk[0]?.values ?? []).map((v) => [v.key, v.value])),
    iterations: read.iterations?.rows ?? [],
    energies: read.energies.map((e) => e.pairs),
    orbitals: read.orbitals.map((t) => t.pairs.flat()).filter((g) => g.length > 0),
    properties: read.properties,
  };
  const g = read.geometry;
  if (g && g.atoms.length > 0)
    sub.geometry = {
      species: g.atoms.map((a) => a.symbol),
      positions: g.atoms.map((a) => a.position),
      unit: g.unit === 'Bohr' ? 'Bohr' : 'Angstrom',
    };
  if (read.algorithm) sub.algorithm = read.algorithm;
  const functional = functionalOf(read.functional);
  if (functional) sub.functional = functional;
  if (read.reference) sub.method = read.reference;
  if (read.s2Observed !== undefined)
    sub.s2 = {
      expected: read.s2Expected,
      observed: read.s2Observed,
      sExpected: read.sExpected,
      sObserved: read.sObserved,
    };
  if (read.gradient.length > 0) sub.gradient = read.gradient;
  return sub;
}

const bare = (kind: SubmoduleKind): Psi4Submodule => ({
  kind,
  basis: [],
  auxiliaryBasis: [],
  jk: {},
  iterations: [],
  energies: [],
  orbitals: [],
  properties: [],
});

/** The MCSCF program's eigenvalue groups: a group per '... occupied orbitals' line (Active joins the one before). */
function mcscfOrbitals(
  lines: ({ group: true } | { rows: string[] })[],
): { label: string; energy: number }[][] {
  const groups: { label: string; energy: number }[][] = [];
  for (const line of lines) {
    if ('group' in line) groups.push([]);
    else if (groups.length > 0 && line.rows.length % 3 === 0)
      for (let i = 0; i + 2 < line.rows.length; i += 3)
        groups.at(-1)!.push({ label: line.rows[i + 2]!, energy: Number(line.rows[i + 1]) });
  }
  return groups;
}

export function submodulesOf(read: Parsed<typeof submoduleRules>): Psi4Submodule[] {
  const found: Psi4Submodule[] = [];
  for (const kind of KINDS) {
    if (kind === 'scf' || kind === 'scf_grad') found.push(...read[kind].map((r) => scfSubmodule(kind, r)));
    else if (kind === 'mp')
      for (const r of read.mp)
        found.push({
          ...bare(kind),
          ...(r.name ? { method: r.name } : {}),
          energies: r.energies.map((e) => e.pairs),
        });
    else if (kind === 'ci' || kind === 'mcscf_detci')
      for (const r of read[kind])
        found.push({
          ...bare(kind),
          iterations: r.iterations?.rows ?? [],
          energies: r.energies.map((e) => e.pairs),
          properties: r.properties,
        });
    else if (kind === 'mcscf')
      for (const r of read.mcscf)
        found.push({
          ...bare(kind),
          iterations: r.iterations?.rows ?? [],
          energies: r.energies.map((e) => e.pairs),
          orbitals: mcscfOrbitals(r.eigenvalues?.lines ?? []),
        });
    else if (kind === 'cc')
      for (const r of read.cc) found.push({ ...bare(kind), energies: r.energies.map((e) => e.pairs) });
    else if (kind === 'cc_energy')
      for (const r of read.cc_energy)
        found.push({
          ...bare(kind),
          iterations: r.iterations?.rows ?? [],
          energies: r.energies.filter((e) => e.complete).map((e) => e.pairs),
        });
    else if (kind === 'cc_lambda')
      for (const r of read.cc_lambda)
        found.push({
          ...bare(kind),
          iterations: r.iterations?.rows ?? [],
          energies: r.energies.map((e) => e.pairs),
        });
    else
      for (const r of read.cc_density)
        found.push({ ...bare(kind), energies: r.energies.map((e) => e.pairs), properties: r.properties });
  }
  return found;
}
