import type { AppConfig, ColumnConfig, RowActionConfig } from '@oasis/schema';

export type { ColumnConfig, RowActionConfig };
export type ColumnFormat = NonNullable<ColumnConfig['format']>;
export type ColumnAlign = NonNullable<ColumnConfig['align']>;

/** The app's row features with their defaults filled in. */
export interface RowsConfig {
  actions: { enabled: boolean; options: Readonly<Record<string, RowActionConfig>> };
  details: { enabled: boolean };
  selection: { enabled: boolean };
}

/**
 * The app's columns; undefined when the app configures none at all (an empty list is a configuration
 * without columns). The server validated them against the schema when it started.
 */
export function readColumns(app: AppConfig): ColumnConfig[] | undefined {
  return app.columns?.map((column) => ({ ...column, selected: column.selected === true }));
}

/** The app's `rows`; without configuration entries get all row features, materials only the action. */
export function readRows(app: AppConfig): RowsConfig {
  const { actions, details, selection } = app.rows ?? {};
  const entries = app.resource === 'entries';
  // Named actions (`options`, as in NOMAD's env.json) or a list (`items`, keyed by position).
  const options: Record<string, RowActionConfig> = {
    ...actions?.options,
    ...Object.fromEntries((actions?.items ?? []).map((item, index) => [`item-${index}`, item])),
  };
  return {
    actions: { enabled: actions?.enabled ?? true, options },
    details: { enabled: details?.enabled ?? entries },
    selection: { enabled: selection?.enabled ?? entries },
  };
}
