import type { UiConfig } from '@oasis/schema';

/** The warning when the configuration selects no overview card (spec 3 §2). */
export const NO_CARDS_WARNING =
  'No overview cards defined in the entry context. Ensure that all GUI artifacts are created.';

/**
 * The overview cards this GUI draws, by their key in `ui.entry.cards`, in the order they appear when the
 * configuration says nothing (a missing config still shows every card).
 */
const DRAWN_CARDS = [
  'definitions',
  'nexus',
  'hdf5dataset',
  'material',
  'electronic',
  'solarcell',
  'vibrational',
  'mechanical',
  'thermodynamic',
  'structural',
  'dynamical',
  'geometry_optimization',
  'spectroscopic',
  'workflow',
  'references',
  'history',
  'relatedResources',
] as const;

export type CardKey = (typeof DRAWN_CARDS)[number];

const drawn = new Set<string>(DRAWN_CARDS);

/**
 * The cards to show in order, as NOMAD selects them: `include` (order and subset) if given, else the
 * configured options in their order, minus `exclude`; keys of cards this GUI does not draw are skipped.
 * Undefined when the configuration selects no card at all.
 */
export function overviewCards(ui: UiConfig): CardKey[] | undefined {
  const cards = ui.entry?.cards;
  if (!cards) return [...DRAWN_CARDS];
  const exclude = new Set(cards.exclude ?? []);
  const selected = (cards.include ?? Object.keys(cards.options ?? {})).filter((key) => !exclude.has(key));
  if (selected.length === 0) return undefined;
  return selected.filter((key): key is CardKey => drawn.has(key));
}
