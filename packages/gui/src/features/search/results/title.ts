/** 'searching ...' while the total is unknown, 'no results' for none, else shown over total (spec 2 §2). */
export function resultsTitle(shown: number, total: number | undefined): string {
  if (total === undefined) return 'searching ...';
  if (total === 0) return 'no results';
  return `${shown}/${total} ${total === 1 ? 'result' : 'results'}`;
}

export const NO_COLUMNS =
  'No search columns defined within this search context. Ensure that all GUI artifacts are created.';
