export const SCATTER_POINT_SIZE = 8;
/** All elements, so every cell of the periodic table gets its count. */
export const ELEMENTS_AGGREGATION_SIZE = 118;

/** A terms widget lists as many values as rows of this height fit (spec 2 §9). */
export const TERMS_ROW_HEIGHT = 34;

/** Colour scale of scatter markers: dark blue to orange. */
export const COLOR_RANGE = ['#0d0887', '#ff8c00'] as const;
