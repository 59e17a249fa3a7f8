/**
 * Whether an entry's overview shows the workflow graph card, from its metadata alone: processing lists
 * the archive's section paths in `quantities`, so the card fetches `workflow2` only for entries that
 * have inputs, outputs or tasks to draw.
 */
const GRAPH_SECTIONS = ['workflow2.inputs', 'workflow2.outputs', 'workflow2.tasks'];

export function hasWorkflowSections(metadata: object): boolean {
  const quantities = 'quantities' in metadata ? metadata.quantities : undefined;
  return Array.isArray(quantities) && GRAPH_SECTIONS.some((path) => quantities.includes(path));
}
