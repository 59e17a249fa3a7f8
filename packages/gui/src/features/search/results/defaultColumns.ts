import type { ColumnConfig } from './config.ts';

const column = (search_quantity: string, selected: boolean, title?: string): ColumnConfig => ({
  search_quantity,
  selected,
  ...(title ? { title } : {}),
});

/** Entries columns of an app that configures none (spec 2 §3 "Default columns" and "Optional columns"). */
export const DEFAULT_ENTRY_COLUMNS: readonly ColumnConfig[] = [
  column('entry_name', true, 'Name'),
  column('results.material.chemical_formula_hill', true, 'Formula'),
  column('entry_type', true),
  column('entry_create_time', false),
  column('upload_name', false),
  column('upload_id', false),
  column('upload_create_time', true, 'Upload time'),
  column('authors', true),
  column('results.method.method_name', false),
  column('results.method.simulation.program_name', false),
  column('results.method.simulation.dft.xc_functional_type', false),
  column('results.method.simulation.precision.apw_cutoff', false),
  column('results.method.simulation.precision.basis_set', false),
  column('results.method.simulation.precision.k_line_density', false),
  column('results.method.simulation.precision.native_tier', false),
  column('results.method.simulation.precision.planewave_cutoff', false),
  column('results.material.structural_type', false),
  column('results.material.symmetry.crystal_system', false),
  column('results.material.symmetry.space_group_symbol', false),
  column('results.material.symmetry.space_group_number', false),
  column('results.eln.lab_ids', false),
  column('results.eln.sections', false),
  column('results.eln.methods', false),
  column('results.eln.tags', false),
  column('results.eln.instruments', false),
  column('mainfile', false),
  column('comment', false),
  column('references', false),
  column('datasets', false),
  column('published', false, 'Access'),
];

/** Materials columns of an app that configures none (as NOMAD's materials app). */
export const DEFAULT_MATERIAL_COLUMNS: readonly ColumnConfig[] = [
  column('chemical_formula_hill', true, 'Formula'),
  column('structural_type', true),
  column('symmetry.structure_name', true),
  column('symmetry.space_group_number', true),
  column('symmetry.crystal_system', true),
  column('symmetry.space_group_symbol', false),
  column('material_id', false),
];
