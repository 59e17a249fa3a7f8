import { DEFAULT_ENTRY_COLUMNS as SHARED_ENTRY_COLUMNS } from '@oasis/schema';
import type { ColumnConfig } from './config.ts';

const column = (search_quantity: string, selected: boolean, title?: string): ColumnConfig => ({
  search_quantity,
  selected,
  ...(title ? { title } : {}),
});

/** Entries columns of an app that configures none: the spec's defaults, shared with the server. */
export const DEFAULT_ENTRY_COLUMNS: readonly ColumnConfig[] = SHARED_ENTRY_COLUMNS;

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
