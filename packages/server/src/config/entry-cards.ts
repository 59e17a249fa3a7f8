/**
 * The cards of NOMAD's entry overview page, in its order, with what a card shows when it fails. NOMAD's
 * GUI shows only the cards named here (`ui.entry.cards`).
 */
const CARDS: readonly (readonly [string, string])[] = [
  ['sections', 'sections'],
  ['definitions', 'definitions'],
  ['nexus', 'NeXus data'],
  ['hdf5dataset', 'HDF5 datasets'],
  ['material', 'material'],
  ['solarcell', 'solar cell properties'],
  ['heterogeneouscatalyst', 'catalyst properties'],
  ['electronic', 'electronic properties'],
  ['vibrational', 'vibrational properties'],
  ['mechanical', 'mechanical properties'],
  ['thermodynamic', 'thermodynamic properties'],
  ['structural', 'structural properties'],
  ['dynamical', 'dynamical properties'],
  ['geometry_optimization', 'geometry optimization'],
  ['spectroscopic', 'spectroscopic properties'],
  ['history', 'history'],
  ['workflow', 'workflow'],
  ['references', 'references'],
  ['relatedResources', 'related resources'],
];

/** The overview's cards; related resources only where the resources API asks some database. */
export const defaultEntryCards = (relatedResources: boolean) => ({
  cards: {
    exclude: relatedResources ? [] : ['relatedResources'],
    options: Object.fromEntries(
      CARDS.map(([key, what]) => [key, { error: `Could not render the ${what}.` }]),
    ),
  },
});
