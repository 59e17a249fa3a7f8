// Band energies of a Yambo run in NOMAD's eigenvalues sections: the Kohn-Sham energies it starts from
// (ns.db1, in hartree, else the report's tables in eV) and the quasi-particle energies of the Dyson step
// (ndb.QP, in hartree, else the report's 'QP [eV] @ K' tables). Yambo prints k-points in its internal
// units (cartesian, in 2π over the lattice constants); NOMAD's are fractional.
import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import type { BandEnergies } from '@oasis/schema';
import { numbersOf, shapeOf, type Database } from './databases.ts';
import type { YamboContent, YamboOccupations } from './read-yambo.ts';

type Vec = number[];

/** Fractional coordinates of a k-point in internal units: row i of `iru` (a_i over the scaling factors) dotted with it. */
const fractionalK = (iru: readonly Vec[] | undefined, k: Vec): Vec =>
  iru?.length === 3 ? iru.map((row) => row[0]! * k[0]! + row[1]! * k[1]! + row[2]! * k[2]!) : k;

/** Rows of a C-ordered array of the given shape. */
const rows = (values: Float64Array, width: number): number[][] =>
  Array.from({ length: Math.floor(values.length / width) }, (_, i) =>
    Array.from(values.slice(i * width, (i + 1) * width)),
  );

/** The Kohn-Sham energies and k-points of ns.db1 (EIGENVALUES [spin][k][band] in hartree, K-POINTS [3][k]). */
export function databaseBands(
  db: Database | undefined,
  iru: readonly Vec[] | undefined,
): BandEnergies | undefined {
  const energies = numbersOf(db, 'EIGENVALUES');
  const shape = shapeOf(db, 'EIGENVALUES');
  const kpoints = numbersOf(db, 'K-POINTS');
  if (!energies || shape?.length !== 3 || !kpoints) return undefined;
  const [nSpin, nk, nBands] = shape as [number, number, number];
  if (kpoints.length !== 3 * nk) return undefined;
  const columns = rows(kpoints, nk);
  return {
    n_spin_channels: nSpin,
    n_kpoints: nk,
    n_bands: nBands,
    kpoints: Array.from({ length: nk }, (_, k) =>
      fractionalK(iru, [columns[0]![k]!, columns[1]![k]!, columns[2]![k]!]),
    ),
    energies: Array.from({ length: nSpin }, (_, s) =>
      rows(energies.slice(s * nk * nBands, (s + 1) * nk * nBands), nBands).map((row) =>
        row.map((e) => e * HARTREE),
      ),
    ),
  };
}

/** The band energies an occupations report prints (Yambo 4 by k-point with weights, Yambo 5 without k). */
export function reportBands(
  occupations: YamboOccupations | undefined,
  kpoints: readonly Vec[],
): BandEnergies | undefined {
  if (!occupations) return undefined;
  const byK = occupations.bandsByK.filter((k) => k.rlu && k.energies.length > 0);
  const perK =
    byK.length > 0
      ? byK.map((k) => k.energies.flat())
      : occupations.bandsAtK.map((table) => table.flat()).filter((row) => row.length > 0);
  if (perK.length === 0) return undefined;
  const nBands = perK[0]!.length;
  if (perK.some((row) => row.length !== nBands)) return undefined;
  const points =
    byK.length > 0 ? byK.map((k) => k.rlu!) : kpoints.length === perK.length ? [...kpoints] : undefined;
  if (!points) return undefined;
  const weights = byK.map((k) => k.weight);
  return {
    n_spin_channels: 1,
    n_kpoints: perK.length,
    n_bands: nBands,
    kpoints: points,
    ...(byK.length > 0 && weights.every((w) => w !== undefined)
      ? { kpoints_weights: weights as number[] }
      : {}),
    energies: [perK.map((row) => row.map((e) => e * ELECTRON_VOLT))],
  };
}

interface QpState {
  spin: number;
  k: number;
  band: number;
  qp: number;
  bare: number;
  z: number;
  exchange?: number;
  xc?: number;
}

/** States on a (spin, k, band) grid, when every k-point has the same bands; else one row of all states. */
function qpSection(states: readonly QpState[], kpoint: (k: number) => Vec, unit: number): BandEnergies {
  const spins = [...new Set(states.map((s) => s.spin))].sort((a, b) => a - b);
  const ks = [...new Set(states.map((s) => s.k))];
  const bands = [...new Set(states.map((s) => s.band))].sort((a, b) => a - b);
  const regular = states.length === spins.length * ks.length * bands.length;
  const grid = <T>(value: (s: QpState) => T): T[][][] =>
    regular
      ? spins.map((spin) =>
          ks.map((k) =>
            bands.map((band) => value(states.find((s) => s.spin === spin && s.k === k && s.band === band)!)),
          ),
        )
      : [[states.map(value)]];
  const section: BandEnergies = {
    n_spin_channels: regular ? spins.length : 1,
    n_kpoints: regular ? ks.length : 1,
    n_bands: regular ? bands.length : states.length,
    kpoints: (regular ? ks : [ks[ks.length - 1]!]).map(kpoint),
    energies: grid((s) => s.qp * unit),
    value_qp: grid((s) => s.qp * unit),
    value_ks: grid((s) => s.bare * unit),
    qp_linearization_prefactor: grid((s) => s.z),
  };
  if (states.every((s) => s.exchange !== undefined && s.xc !== undefined)) {
    section.value_exchange = grid((s) => s.exchange! * ELECTRON_VOLT);
    section.value_xc_potential = grid((s) => s.xc! * ELECTRON_VOLT);
  }
  return section;
}

/** The quasi-particle energies of a 'QP [eV] @ K' table of the report (energies in eV, k in internal units). */
export function reportQuasiParticles(
  parts: readonly YamboContent[],
  iru: readonly Vec[] | undefined,
): BandEnergies | undefined {
  const blocks = parts.flatMap((part) => part.quasiParticles).filter((b) => b.kpoint && b.states.length > 0);
  if (blocks.length === 0) return undefined;
  const kpoints = new Map(blocks.map((b) => [b.kpoint!.index, b.kpoint!.iku.slice(0, 3)]));
  const states = blocks.flatMap((b) => b.states.map((s) => ({ spin: 0, k: b.kpoint!.index, ...s })));
  return qpSection(states, (k) => fractionalK(iru, kpoints.get(k)!), ELECTRON_VOLT);
}

/**
 * The quasi-particle energies of ndb.QP: QP_table [b1, b2, k (, spin)][state], QP_kpts [3][k], and either
 * QP_E [state][re, im], QP_Eo [state] and QP_Z [state][re, im] (Yambo 5) or QP_E_Eo_Z [re, im][state][3].
 * The report's rows add the exchange and xc potential when they list the same states.
 */
export function databaseQuasiParticles(
  db: Database | undefined,
  iru: readonly Vec[] | undefined,
  parts: readonly YamboContent[],
): BandEnergies | undefined {
  const table = numbersOf(db, 'QP_table');
  const tableShape = shapeOf(db, 'QP_table');
  const kpts = numbersOf(db, 'QP_kpts');
  if (!table || tableShape?.length !== 2 || !kpts || kpts.length % 3 !== 0) return undefined;
  const [columns, n] = tableShape as [number, number];
  if (columns < 3) return undefined;
  let qp: number[], bare: number[], z: number[];
  const combined = numbersOf(db, 'QP_E_Eo_Z');
  const [e, eo, zz] = [numbersOf(db, 'QP_E'), numbersOf(db, 'QP_Eo'), numbersOf(db, 'QP_Z')];
  if (combined && combined.length >= n * 3) {
    const real = rows(combined.slice(0, n * 3), 3);
    [qp, bare, z] = [real.map((r) => r[0]!), real.map((r) => r[1]!), real.map((r) => r[2]!)];
  } else if (e && eo && zz && e.length === 2 * n && eo.length === n && zz.length === 2 * n) {
    [qp, bare, z] = [rows(e, 2).map((r) => r[0]!), Array.from(eo), rows(zz, 2).map((r) => r[0]!)];
  } else return undefined;
  const nk = kpts.length / 3;
  const kRows = rows(kpts, nk);
  const text = parts.flatMap((part) => part.quasiParticles).flatMap((b) => b.states);
  const states: QpState[] = Array.from({ length: n }, (_, i) => ({
    band: table[i]!,
    k: table[2 * n + i]!,
    spin: columns > 3 ? table[3 * n + i]! : 0,
    qp: qp[i]!,
    bare: bare[i]!,
    z: z[i]!,
    ...(text.length === n ? { exchange: text[i]!.exchange, xc: text[i]!.xc } : {}),
  }));
  return qpSection(
    states,
    (k) => fractionalK(iru, [kRows[0]![k - 1]!, kRows[1]![k - 1]!, kRows[2]![k - 1]!]),
    HARTREE,
  );
}
