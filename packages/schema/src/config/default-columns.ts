/** A column of an app's result table as the defaults list it: shown or offered, with an optional title. */
export interface DefaultColumn {
  readonly search_quantity: string;
  readonly selected: boolean;
  readonly title?: string;
}

const column = (search_quantity: string, selected: boolean, title?: string): DefaultColumn => ({
  search_quantity,
  selected,
  ...(title ? { title } : {}),
});

/**
 * The entries result columns of spec 2 §3: the default ones shown, the optional ones offered by the column
 * chooser. The server's default entries app and the GUI (for apps that configure no columns) share them.
 */
export const DEFAULT_ENTRY_COLUMNS: readonly DefaultColumn[] = [
  column('entry_name', true, 'Name'),
  column('results.material.chemical_formula_hill', true, 'Formula'),
  column('entry_type', true),
  column('upload_create_time', true, 'Upload time'),
  column('authors', true),
  column('entry_create_time', false),
  column('upload_name', false),
  column('upload_id', false),
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
