import type { Artifacts } from '@oasis/schema';

/** A small artifacts document for tests of the search context and the filter menu. */
export const testArtifacts: Artifacts = {
  searchQuantities: {
    // `shape` is part of NOMAD's artifacts although the schema does not type it.
    'results.material.elements': {
      name: 'elements',
      description: 'Names of the different elements present in the structure.',
      type: { type_kind: 'enum', type_data: ['Si', 'O', 'Fe'] },
      shape: ['0..*'],
      aggregatable: true,
      dynamic: false,
      repeats: false,
      suggestion: true,
    } as Artifacts['searchQuantities'][string],
    'results.material.n_elements': {
      name: 'n_elements',
      type: { type_kind: 'python', type_data: 'int' },
      aggregatable: false,
      dynamic: false,
      repeats: false,
    },
    'results.method.simulation.program_name': {
      name: 'program_name',
      description: 'The name of the used program.',
      type: { type_kind: 'python', type_data: 'str' },
      aggregatable: true,
      dynamic: false,
      repeats: false,
      suggestion: true,
    },
    'results.material.structural_type': {
      name: 'structural_type',
      type: { type_kind: 'enum', type_data: ['bulk', '2D', 'not processed'] },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
    'results.properties.electronic.band_structure_electronic.band_gap': {
      name: 'band_gap',
      nested: true,
      repeats: true,
    } as unknown as Artifacts['searchQuantities'][string],
    'results.properties.electronic.band_structure_electronic.band_gap.value': {
      name: 'value',
      type: { type_kind: 'numpy', type_data: 'float64' },
      unit: 'joule',
      aggregatable: false,
      dynamic: false,
      repeats: true,
    },
    upload_create_time: {
      name: 'upload_create_time',
      type: { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' },
      aggregatable: false,
      dynamic: false,
      repeats: false,
    },
    entry_type: {
      name: 'entry_type',
      type: { type_kind: 'python', type_data: 'str' },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
    published: {
      name: 'published',
      type: { type_kind: 'python', type_data: 'bool' },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
    mainfile: {
      name: 'mainfile',
      type: { type_kind: 'python', type_data: 'str' },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
    'results.method.method_name': {
      name: 'method_name',
      type: { type_kind: 'python', type_data: 'str' },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
  },
  metainfo: { packages: [] },
  parserMetadata: {},
  northTools: {},
  unitList: [{ name: 'joule', dimension: 'energy', label: 'Joule', abbreviation: 'J' }],
  unitPrefixes: {},
};
