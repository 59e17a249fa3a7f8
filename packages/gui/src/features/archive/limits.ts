/** The archive browser's limits (spec 3 §9 'Archive lists'). */

/** Items of a repeating sub-section shown first, before the hidden middle. */
export const LIST_HEAD = 50;
/** Items shown at the end of a long list. */
export const LIST_TAIL = 5;
/** Items of the hidden middle revealed per click. */
export const LIST_PAGE = 25;

/** Values of an array quantity shown before 'and N more items'. */
export const ARRAY_PREVIEW = 5;

/** Strings longer than this are left out of the JSON display. */
export const JSON_MAX_STRING = 1000;

/** Numbers outside [1e-5, 1e5) (absolute) are written with an exponent. */
export const EXPONENT_BELOW = 1e-5;
export const EXPONENT_ABOVE = 1e5;

/** Matrix view: at most 300 px high, columns at least 92 px wide, rows 24 px high. */
export const MATRIX_MAX_HEIGHT = 300;
export const MATRIX_MIN_COLUMN_WIDTH = 92;
export const MATRIX_ROW_HEIGHT = 24;

/** Search over the archive: results listed, and nodes visited at most (bounds the work per keystroke). */
export const SEARCH_RESULTS = 20;
export const SEARCH_MAX_NODES = 50_000;
