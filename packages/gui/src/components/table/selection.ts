/** Selected rows: some ids, or all results of the query (spec 2 §4). */
export type Selection = { all: true } | { all: false; ids: ReadonlySet<string> };

export const NOTHING_SELECTED: Selection = { all: false, ids: new Set() };
export const ALL_SELECTED: Selection = { all: true };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.all || selection.ids.has(id);
}

export function isEmptySelection(selection: Selection): boolean {
  return !selection.all && selection.ids.size === 0;
}

/** Unticking a row while all are selected selects every shown row but that one. */
export function toggleSelected(selection: Selection, id: string, shownIds: readonly string[]): Selection {
  const ids = new Set(selection.all ? shownIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { all: false, ids };
}

/** 'N selected' or 'All selected' (spec 1 §2.4). */
export function selectionText(selection: Selection): string {
  return selection.all ? 'All selected' : `${selection.ids.size} selected`;
}
