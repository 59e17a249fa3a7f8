// Declarations of the pieces a Yambo report repeats in many sections: the I/O records of its databases
// ('[RD./SAVE//ns.db1]---' ... '- S/N 009327 ---'), the occupations reports (Fermi level, band edges,
// gaps, band energies) and the tables of a self-energy step (quasi-particle energies, <n|Sx|n>, <n|Vxc|n>).
import { block, blocks, every, fields, first, integer, reals, tables, text } from '../../text/rules.ts';
import { number } from '../../text/convert-number.ts';
import { recordAfter } from '../../text/rule-records.ts';

/** A number in a report ('0.46037E+24', '-.9487', '0.000000'). */
const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?`;

/** One key-value line of an I/O record: key, optional '(...)' or '[...]' unit, ':' and the value. */
const PARAMETER = /^\s*([^:]*?[A-Za-z][^:]*?)\s*(?:\[[^\]]*\]|\([^)]*\))?\s*:\s*(.*?)\s*$/;

/** An I/O record: the database read or written, its key-value lines and its serial number. */
const ioRecord = {
  head: first(/^\s*\[(RD|WR)(.+?)\]-*\s*$/, fields({ direction: text(1), file: text(2) })),
  parameters: every(PARAMETER, fields({ key: text(1), value: text(2) })),
  serial: first(/^\s*- S\/N\s+(\d+)/, text(1)),
};

/** Every I/O record of a scope, each up to its 'S/N' line. */
const ioRecords = blocks(/^\s*\[(?:RD|WR)[^\]]*\]-*\s*$/, ioRecord, { end: /^\s*- S\/N / });

/** A two-number line ('[eV K]: 0.000000  0.000000'): the second number. */
const second = (pattern: RegExp) => first(pattern, number(2));

/** The values of an occupations report, in the layouts of Yambo 4 ('[X]Fermi Level [ev]:') and 5. */
export const occupations = {
  fermi: first(new RegExp(String.raw`Fermi Level.*?:\s*(${NUM})`), number(1)),
  conductionMin: first(new RegExp(String.raw`Conduction Band Min\s*:\s*(${NUM})`), number(1)),
  valenceMax: first(new RegExp(String.raw`Valence Band Max\s*:\s*(${NUM})`), number(1)),
  valenceConduction: first(
    new RegExp(String.raw`VBM / CBm.*?:\s*(${NUM})\s+(${NUM})`),
    fields({ valence: number(1), conduction: number(2) }),
  ),
  electronicTemperature: second(new RegExp(String.raw`Electronic Temp.*?:\s*(${NUM})\s+(${NUM})`)),
  bosonicTemperature: second(new RegExp(String.raw`Bosonic\s+Temp.*?:\s*(${NUM})\s+(${NUM})`)),
  finiteTemperature: first(/Finite Temperature mode\s*:\s*(\w+)/, text(1)),
  electronDensity: first(new RegExp(String.raw`El\. density.*?:\s*(${NUM})`), number(1)),
  filledBands: first(/Filled Bands\s*:\s*(\d+)/, integer(1)),
  emptyBands: first(/Empty Bands\s*:\s*(\d+)\s+(\d+)/, reals(0)),
  // 'States summary : Full Metallic Empty' over '0001-0008   0009-0200': first and last band ranges.
  statesSummary: recordAfter(/States summary\s*:\s*Full/, 1, (lines) => {
    const ranges = [...lines[0]!.matchAll(/(\d+)-(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    return ranges.length > 0 ? ranges : undefined;
  }),
  indirectGaps: first(
    new RegExp(String.raw`Indirect Gaps.*?:\s*(${NUM})\s+(${NUM})`),
    fields({ min: number(1), max: number(2) }),
  ),
  directGaps: first(
    new RegExp(String.raw`Direct Gaps.*?:\s*(${NUM})\s+(${NUM})`),
    fields({ min: number(1), max: number(2) }),
  ),
  indirectGap: first(new RegExp(String.raw`Indirect Gap\s*:\s*(${NUM})`), number(1)),
  directGap: first(new RegExp(String.raw`Direct Gap\s*:\s*(${NUM})`), number(1)),
  directGapKpoint: first(/Direct Gap localized at k-point\s*:\s*(\d+)/, integer(1)),
  indirectGapKpoints: first(/Indirect Gap between k-points\s*:\s*(\d+)\s+(\d+)/, reals(0)),
  // Yambo 4: '*X* K [1] : ... (rlu) * weight 0.0020' then rows 'E -11.55 12.81 ...' in eV.
  bandsByK: blocks(/^\s*\*X\* K \[\s*\d+\]/, {
    rlu: first(new RegExp(String.raw`(${NUM})\s+(${NUM})\s+(${NUM})\s*\(rlu\)`), reals(0)),
    weight: first(new RegExp(String.raw`weight\s+(${NUM})`), number(1)),
    energies: every(/^\s*E\s+(.+)$/, reals(1)),
  }),
  // Yambo 5: 'E @ K [ 1]:  [eV]' then rows of numbers, up to 'occ @ K'.
  bandsAtK: tables(/^\s*E @ K \[\s*\d+\]/, /^\s*[-+.\d][-+.\dEe\s]*$/, reals(0)),
};

/** Numbers of a report's '<n|X|n> = re im' pairs, by k-point. */
const pairRows = (start: RegExp, row: RegExp) =>
  blocks(start, { rows: every(row, fields({ band: integer(1), a: number(2), b: number(3) })) });

/** What a section of the report computes with, and the tables it prints. */
export const sectionContent = {
  io: ioRecords,
  meshSize: first(/Mesh size:\s*(\d+)\s+(\d+)\s+(\d+)/, reals(0)),
  planeWavesVxc: first(/\[VXC\] Plane waves\s*:\s*(\d+)/, integer(1)),
  planeWavesExs: first(/\[EXS\] Plane waves\s*:\s*(\d+)/, integer(1)),
  exchangeCorrelation: first(new RegExp(String.raw`E_xc\s*:\s*(${NUM})\s*\[Ha\]`), number(1)),
  functional: first(/\[xc\] Functional\s*:?\s*(.+?)\s*$/, text(1)),
  bandsRange: first(/Bands range\s*:\s*(\d+)\s+(\d+)/, reals(0)),
  damping: first(new RegExp(String.raw`G damping.*?:\s*(${NUM})`), number(1)),
  scIterations: first(/\] SC iterations\s*:\s*(\d+)/, integer(1)),
  // '<8|nlXC|8> = -19.12 -0.5E-8 <8|lXC|8> = -16.10 0.0': exchange and local xc by k-point.
  corrections: pairRows(
    /Corrections @ K \[\d+\]/,
    new RegExp(String.raw`<(\d+)\|nlXC\|\d+>\s*=\s*(${NUM})\s+${NUM}\s*<\d+\|lXC\|\d+>\s*=\s*(${NUM})`),
  ),
  xcHfDft: pairRows(
    /XC HF and DFT \[eV\] @ K/,
    new RegExp(String.raw`<(\d+)\|HF\|\d+>\s*=\s*(${NUM})\s+${NUM}\s*<\d+\|DFT\|\d+>\s*=\s*(${NUM})`),
  ),
  // 'QP [eV] @ K [7] (iku): 0.0 -0.5 0.0' then 'B=8 Eo= -0.41 E= -0.98 E-Eo= ... So= 2.3'.
  quasiParticles: blocks(/QP \[eV\] @ K \[\d+\]/, {
    kpoint: first(/QP \[eV\] @ K \[(\d+)\][^:]*:\s*(.+)$/, fields({ index: integer(1), iku: reals(2) })),
    states: every(
      new RegExp(
        String.raw`B=\s*(\d+)\s+Eo=\s*(${NUM})\s+E=\s*(${NUM})\s+E-Eo=\s*${NUM}\s+Re\(Z\)=\s*(${NUM})\s+Im\(Z\)=\s*${NUM}` +
          String.raw`(?:\s+nlXC=\s*(${NUM})\s+lXC=\s*(${NUM}))?`,
      ),
      (match, warn) => {
        const values = [2, 3, 4, 5, 6].map((group) => number(group)(match, warn));
        const band = integer(1)(match, warn);
        if (band === undefined || values.slice(0, 3).some((v) => v === undefined)) return undefined;
        const [bare, qp, z, exchange, xc] = values;
        return { band, bare: bare!, qp: qp!, z: z!, exchange, xc };
      },
    ),
  }),
};

/** The first I/O record's block of a scope (the ns.db1 read at the start). */
export const firstIoRecord = block(/^\s*\[(?:RD|WR)[^\]]*\]-*\s*$/, ioRecord, { end: /^\s*- S\/N / });
