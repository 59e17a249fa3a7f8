/** The metainfo browser's root URL (spec 1: Analyze menu); lanes follow below it. */
export const METAINFO_BASE = '/analyze/metainfo';
