// A Yambo report (r-*) read by declaration: the header (version, build, start), the run's CPU and I/O
// settings, the ns.db1 it read, the unit cell, and each numbered section with its sub-sections, I/O
// records, occupations and self-energy tables. Which section is which step is decided in sections.ts.
import { after, before } from '../../text/rule-split.ts';
import { readText, type ReadText } from '../../text/read-text.ts';
import { block, blocks, every, fields, first, integer, reals, text, type Parsed } from '../../text/rules.ts';
import { firstIoRecord, occupations, sectionContent } from './read-yambo-blocks.ts';

/** A top-level section heading: ' [02] CORE Variables Setup'. */
const SECTION = /^ \[(\d+)\] (\S.*?)\s*$/;
/** A sub-section heading: '  [02.05] Energies & Occupations'. */
const SUB_SECTION = /^ {2}\[(\d+)\.(\d+)\] (\S.*?)\s*$/;

const subSection = { title: first(SUB_SECTION, text(3)), ...sectionContent, ...occupations };

const declaration = {
  version: first(/Version\s+([\d.]+\s+Revision\s+\d+)/, text(1)),
  hash: first(/Hash\s+(\S+)/, text(1)),
  build: first(/^\s*(\S+)\s+Build\s*$/, text(1)),
  start: first(
    /^\s*(\d\d)\/(\d\d)\/(\d{4}) at (\d\d):(\d\d)\s+\S+\s+@\s+(\S+)/,
    fields({ date: text(0), host: text(6) }),
  ),
  end: first(/^\s*(\d\d)\/(\d\d)\/(\d{4}) at (\d\d):(\d\d)\s+\[end\]/, text(0)),
  // Lines of the first part: 'Cores : 1' (Yambo 5), '* THREADS TOT(max): 1', 'Input file is 04_GW.in' (4).
  setup: after(/^\s*(?:Cores\s|\[01\] CPU structure)/, {
    lines: before([/^\s*\[RD/], {
      parameters: every(
        /^\s*\*?\s*([A-Z][\w/ ]*?)\s*(?:\([^)]*\))*(?:-dir\(s\))?(?:\s*\([^)]*\))*\s*(?::| is | in )\s*(\S+)/,
        fields({ key: text(1), value: text(2) }),
      ),
    }),
  }),
  // The parts before the first numbered section after the CPU one: the ns.db1 record.
  head: before([/^ \[(?:0[2-9]|[1-9]\d)\] /], { database: firstIoRecord }),
  // The unit cell: '[iru]' rows of the direct lattice vectors (in units of the scaling factors).
  cell: block(/^ {2}\[\d+\.\d+\] Unit cells/, {
    yambo5: every(/^\s*A\[\s*\d\s*\]:(.+)\[iru\]/, reals(1)),
    yambo4: every(/^\s*A\d\s*=\s*(.+)$/, reals(1)),
    scaling: first(/(?:Alat factors|scaling factors \[a\.u\.\])\s*:\s*(\S+)\s+(\S+)\s+(\S+)/, reals(0)),
  }),
  grid: first(/Grid dimensions\s*:\s*(\d+)\s+(\d+)\s+(\d+)/, reals(0)),
  qPoints: first(/IBZ Q-points\s*:\s*(\d+)/, integer(1)),
  kpoints: every(/^\s*K\s*\[\s*\d+\]:\s*(\S+\s+\S+\s+\S+)\s+\[rlu\]/, reals(1)),
  sections: blocks(SECTION, {
    number: first(SECTION, text(1)),
    title: first(SECTION, text(2)),
    // What the section prints before its first sub-section.
    content: before([SUB_SECTION], sectionContent),
    subSections: blocks(SUB_SECTION, subSection),
  }),
  finished: first(/Game Over/, text(0)),
};

export type YamboReport = Parsed<typeof declaration>;
export type YamboContent = Parsed<typeof sectionContent>;
export type YamboOccupations = Parsed<typeof occupations>;
export type YamboSubSection = Parsed<typeof subSection>;

/** Reads a Yambo report; throws when the text is not one. */
export function readYamboReport(content: string, file = 'report'): ReadText<typeof declaration> {
  const read = readText(declaration, content, file);
  if (!read.values.version && !/yambo-code\.org/.test(content.slice(0, 4096)))
    throw new Error(`${file} is not a Yambo report: no version line`);
  return read;
}
