import { bool, datetime, float, int, LIST, reference, repeating, section, str } from '../define.ts';
import type { PackageDefinition, SectionDefinition } from '../model.ts';

/**
 * The base sections users' schemas name (NOMAD's `nomad.datamodel.data`, `...metainfo.basesections`,
 * `...metainfo.eln` and friends), with NOMAD's names so that schemas written for NOMAD resolve here.
 * Each lists its own quantities; `base_sections` says what it inherits.
 */

const based = <S extends SectionDefinition>(definition: S, ...bases: string[]): S => ({
  ...definition,
  base_sections: bases,
});

const DATA = 'nomad.datamodel.data';
const BASES = 'nomad.datamodel.metainfo.basesections';
const ELN = 'nomad.datamodel.metainfo.eln';

const archiveSection = section('ArchiveSection', 'The base of every section an archive holds.', []);
const entryData = based(
  section('EntryData', 'A section that can be the data of an entry: a notebook entry type of its own.', []),
  `${DATA}.ArchiveSection`,
);

const name = str('name', 'A short, human-readable name.');
const labId = str('lab_id', 'An identifier within the lab: a sample number, a barcode.');
const description = str('description', 'Free text: what this is, how it was made, remarks.');

const baseSection = based(
  section('BaseSection', 'Common information of anything a lab records.', [
    name,
    datetime('datetime', 'When this happened or was made.'),
    labId,
    description,
  ]),
  `${DATA}.ArchiveSection`,
);
const entity = based(
  section('Entity', 'Something that exists: a sample, an instrument.', []),
  `${BASES}.BaseSection`,
);
const activity = based(
  section('Activity', 'Something that was done: a process, a measurement, an analysis.', [
    str('method', 'The method used.'),
  ]),
  `${BASES}.BaseSection`,
);
const elementalComposition = based(
  section('ElementalComposition', 'The share of one element in a system.', [
    str('element', 'The chemical symbol of the element.'),
    float('atomic_fraction', 'Fraction of the atoms that are of this element.'),
    float('mass_fraction', 'Fraction of the mass that is of this element.'),
  ]),
  `${DATA}.ArchiveSection`,
);
const system = based(
  section(
    'System',
    'A material system: a substance or a composite of several.',
    [],
    [repeating('elemental_composition', elementalComposition)],
  ),
  `${BASES}.Entity`,
);

const basesections: SectionDefinition[] = [
  baseSection,
  entity,
  activity,
  based(section('Process', 'An activity that changes or makes something.', []), `${BASES}.Activity`),
  based(section('Measurement', 'An activity that measures something.', []), `${BASES}.Activity`),
  based(section('Analysis', 'An activity that analyses data.', []), `${BASES}.Activity`),
  based(section('Experiment', 'A series of activities.', []), `${BASES}.Activity`),
  based(section('Instrument', 'An instrument used in activities.', []), `${BASES}.Entity`),
  based(section('Collection', 'A group of entities.', []), `${BASES}.Entity`),
  elementalComposition,
  system,
  based(section('CompositeSystem', 'A system made of other systems.', []), `${BASES}.System`),
  based(
    section('PureSubstance', 'A system of one substance.', [
      str('molecular_formula', 'The molecular formula of the substance.'),
    ]),
    `${BASES}.System`,
  ),
  based(
    section('HDF5Normalizer', 'A section whose quantities may be filled from datasets of an HDF5 file.', []),
    `${DATA}.ArchiveSection`,
  ),
];

const elnBase = based(
  section('ElnBaseSection', 'Common information of electronic lab-notebook sections.', [
    name,
    str('tags', 'Keywords for finding it again.', { shape: LIST }),
    labId,
    description,
  ]),
  `${DATA}.ArchiveSection`,
);

const eln: SectionDefinition[] = [
  elnBase,
  based(
    section('Chemical', 'A chemical used in the lab.', [str('chemical_formula', 'The chemical formula.')]),
    `${ELN}.ElnBaseSection`,
  ),
  based(
    section('Sample', 'A sample made or measured in the lab.', [
      str('chemical_formula', 'The chemical formula.'),
    ]),
    `${ELN}.ElnBaseSection`,
  ),
  based(
    section('Process', 'A process carried out in the lab.', [
      str('method', 'The method used.'),
      datetime('datetime', 'When the process was carried out.'),
      str('location', 'Where the process was carried out.'),
    ]),
    `${ELN}.ElnBaseSection`,
  ),
  based(section('Instrument', 'An instrument of the lab.', []), `${ELN}.ElnBaseSection`),
  based(
    section('ElnWithStructureFile', 'A section with a structure file (CIF, POSCAR, ...).', [
      str('structure_file', 'The structure file, an upload path.'),
    ]),
    `${ELN}.ElnBaseSection`,
  ),
];

const plotlyFigure = based(
  section('PlotlyFigure', 'A Plotly figure.', [
    str('label', 'The title of the figure.'),
    int('index', 'The position of the figure among the section’s figures.'),
    str('figure', 'The figure as Plotly JSON.'),
  ]),
  `${DATA}.ArchiveSection`,
);
const plotSection = based(
  section(
    'PlotSection',
    'A section that shows figures of its data.',
    [],
    [repeating('figures', plotlyFigure)],
  ),
  `${DATA}.ArchiveSection`,
);

const tableData = based(
  section('TableData', 'A section filled from the rows of a table file (CSV, Excel).', [
    str('data_file', 'The table file, an upload path.'),
  ]),
  `${DATA}.ArchiveSection`,
);

const download = based(
  section('Download', 'A file to download into the upload.', [
    str('url', 'Where the file is downloaded from.'),
    str('output', 'The upload path it is written to.'),
    bool('extract', 'Whether the downloaded archive (zip, tar) is unpacked into the upload.'),
  ]),
  `${DATA}.ArchiveSection`,
);
const downloads = based(
  section(
    'Downloads',
    'Files downloaded into the upload before it is processed.',
    [str('mainfiles', 'Mainfiles among the downloaded files.', { shape: LIST })],
    [repeating('downloads', download)],
  ),
  `${DATA}.EntryData`,
);

/** Belongs to NOMAD's workflow package (builtin/workflow.ts lists it there). */
export const taskReference = based(
  section('TaskReference', 'A task defined in another entry.', [
    str('name', 'The name of the task.'),
    reference('task', 'The task referred to.', undefined),
  ]),
  'nomad.datamodel.metainfo.workflow.Task',
);

/**
 * Notebook entry types a user can create without a schema of their own ('Create from schema', spec 3 §5),
 * each in one of NOMAD's ELN categories.
 */
const entryType = (name: string, description: string, ...bases: string[]) =>
  based(section(name, description, []), ...bases, `${DATA}.EntryData`);

const elnEntries: SectionDefinition[] = [
  entryType(
    'BasicEln',
    'A basic notebook entry: a name, tags, an id and a description.',
    `${ELN}.ElnBaseSection`,
  ),
  entryType(
    'ELNSample',
    'A sample: a material system made or measured in the lab.',
    `${BASES}.CompositeSystem`,
  ),
  entryType('ELNSubstance', 'A pure substance kept in the lab.', `${BASES}.PureSubstance`),
  entryType('ELNInstrument', 'An instrument of the lab.', `${BASES}.Instrument`),
  entryType('ELNProcess', 'A process carried out in the lab.', `${BASES}.Process`),
  entryType('ELNMeasurement', 'A measurement made in the lab.', `${BASES}.Measurement`),
  entryType('ELNExperiment', 'An experiment: a series of activities.', `${BASES}.Experiment`),
  entryType('ELNAnalysis', 'An analysis of data.', `${BASES}.Analysis`),
];

/** NOMAD's ELN categories, in the order 'Create from schema' lists them ('Other' last). */
export const ELN_CATEGORIES = [
  'BasicElnCategory',
  'ElnExampleCategory',
  'ElnIntegrationCategory',
  'UseCaseElnCategory',
  'WorkflowsElnCategory',
  'Other',
] as const;

export interface BuiltinElnSchema {
  /** The qualified name a new entry's data names as its m_def. */
  qualifiedName: string;
  label: string;
  category: (typeof ELN_CATEGORIES)[number];
}

/** The built-in entry types 'Create from schema' offers. */
export const builtinElnSchemas: readonly BuiltinElnSchema[] = [
  { qualifiedName: `${ELN}.BasicEln`, label: 'Basic ELN', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNSample`, label: 'Sample', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNSubstance`, label: 'Substance', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNInstrument`, label: 'Instrument', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNProcess`, label: 'Process', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNMeasurement`, label: 'Measurement', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNExperiment`, label: 'Experiment', category: 'BasicElnCategory' },
  { qualifiedName: `${ELN}.ELNAnalysis`, label: 'Analysis', category: 'BasicElnCategory' },
  {
    qualifiedName: 'nomad.datamodel.metainfo.downloads.Downloads',
    label: 'Downloads',
    category: 'ElnIntegrationCategory',
  },
];

/** The packages of the base sections above. */
export const elnBasePackages: readonly PackageDefinition[] = [
  {
    name: DATA,
    description: 'The bases of archive sections and of entry data.',
    section_definitions: [archiveSection, entryData],
  },
  {
    name: BASES,
    description: 'Base sections of lab data: entities, activities, systems.',
    section_definitions: basesections,
  },
  {
    name: ELN,
    description: 'Base sections and entry types of electronic lab notebooks.',
    section_definitions: [...eln, ...elnEntries],
  },
  {
    name: 'nomad.datamodel.metainfo.plot',
    description: 'Figures of section data.',
    section_definitions: [plotSection, plotlyFigure],
  },
  {
    name: 'nomad.parsing.tabular',
    description: 'Sections filled from table files.',
    section_definitions: [tableData],
  },
  {
    name: 'nomad.datamodel.metainfo.downloads',
    description: 'Files downloaded into an upload.',
    section_definitions: [downloads, download],
  },
];
