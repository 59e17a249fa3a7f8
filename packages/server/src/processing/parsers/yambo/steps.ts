// Which numbered sections of a Yambo report are steps NOMAD gives a method of its own (the transferred
// momenta grid, dipoles, the dielectric matrix, the exchange-correlation and Fock terms, the Dyson
// equation), and the code-specific record of each: its databases read and written with their settings.
import type { YamboContent, YamboReport, YamboSubSection } from './read-yambo.ts';

export type StepKind =
  | 'transferred_momenta'
  | 'dipoles'
  | 'dynamic_dielectric_matrix'
  | 'local_xc_nonlocal_fock'
  | 'bare_xc'
  | 'dyson';

const KINDS: readonly [RegExp, StepKind][] = [
  [/^Transferred momenta/i, 'transferred_momenta'],
  [/^Dipoles/, 'dipoles'],
  [/Dynamic\w*\s.*Dielectric Matrix/i, 'dynamic_dielectric_matrix'],
  [/^Local Exchange-Correlation/i, 'local_xc_nonlocal_fock'],
  [/^Bare local and non-local Exchange/i, 'bare_xc'],
  [/^Dyson equation/i, 'dyson'],
];

export interface YamboStep {
  kind: StepKind;
  title: string;
  /** What the section prints before its sub-sections, then the sub-sections that are part of it. */
  parts: YamboContent[];
  /** Its occupations report (the Hartree-Fock one of the exchange steps). */
  occupations?: YamboSubSection;
}

const kindOf = (title: string | undefined): StepKind | undefined =>
  title === undefined ? undefined : KINDS.find(([pattern]) => pattern.test(title))?.[1];

/** The steps of a report in order; a sub-section that is a step of its own (Yambo 4's) follows its section. */
export function stepsOf(report: YamboReport): YamboStep[] {
  const steps: YamboStep[] = [];
  for (const section of report.sections) {
    const kind = kindOf(section.title);
    const own = section.subSections.filter((sub) => kindOf(sub.title) === undefined);
    if (kind)
      steps.push({
        kind,
        title: section.title!,
        parts: [section.content, ...own.filter((sub) => !/occupations/i.test(sub.title ?? ''))],
        occupations: own.find((sub) => /occupations/i.test(sub.title ?? '')),
      });
    for (const sub of section.subSections) {
      const subKind = kindOf(sub.title);
      if (subKind) steps.push({ kind: subKind, title: sub.title!, parts: [sub] });
    }
  }
  return steps;
}

/** The occupations report of the setup ('[02.05] Energies & Occupations'). */
export const setupOccupations = (report: YamboReport): YamboSubSection | undefined =>
  report.sections
    .find((section) => /CORE Variables Setup/i.test(section.title ?? ''))
    ?.subSections.find((sub) => /Energies.*Occupations/i.test(sub.title ?? ''));

type IoRecord = YamboContent['io'][number];

/** A value of an I/O record as NOMAD keeps it: a number when it is one, else the text (units dropped). */
export function parameterValue(raw: string): string | number {
  const value = raw.replace(/\s*\[[^\]]*\]\s*$/, '').trim();
  return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(value) ? Number(value) : value;
}

/** x_yambo_io of a record: the database, its serial number and its settings. */
export const ioSection = (record: IoRecord): Record<string, unknown> => ({
  ...(record.head ? { x_yambo_file: record.head.file } : {}),
  ...(record.serial ? { x_yambo_sn: record.serial } : {}),
  x_yambo_parameters: Object.fromEntries(record.parameters.map((p) => [p.key, parameterValue(p.value)])),
});

/** Records of the main databases (a fragment per q-point is not one). */
const mainRecords = (part: YamboContent, direction: 'RD' | 'WR') =>
  part.io.filter(
    (record) => record.head?.direction === direction && !/_fragment_\d+$/.test(record.head.file),
  );

/** The code-specific section of a step's part: its inputs, outputs and the grids it reports. */
export function partSection(part: YamboContent): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  const inputs = mainRecords(part, 'RD').map(ioSection);
  const outputs = mainRecords(part, 'WR').map(ioSection);
  if (inputs.length > 0) section.x_yambo_input = inputs;
  if (outputs.length > 0) section.x_yambo_output = outputs;
  if (part.meshSize) section.x_yambo_mesh_size = part.meshSize;
  if (part.planeWavesVxc !== undefined) section.x_yambo_plane_waves_vxc = part.planeWavesVxc;
  if (part.planeWavesExs !== undefined) section.x_yambo_plane_waves_exs = part.planeWavesExs;
  if (part.bandsRange) section.x_yambo_bands_range = part.bandsRange;
  if (part.damping !== undefined) section.x_yambo_g_damping = part.damping;
  return section;
}

/** The databases a step wrote, by name ('./10b_1Ry//ndb.QP'). */
export const writtenFiles = (step: YamboStep): string[] =>
  step.parts.flatMap((part) => mainRecords(part, 'WR').map((record) => record.head!.file));
