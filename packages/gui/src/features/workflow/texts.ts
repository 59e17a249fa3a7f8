/** The workflow graph card's texts (spec 3 §2 'Workflow graph card'). */
import type { NodeType } from './graph.ts';

export const CARD_TITLE = 'Workflow Graph';
export const FILTER_PLACEHOLDER = 'Enter range: 5, 4:-1, :50%';
export type FilterKind = 'inputs' | 'outputs';
export const filterLabel = (kind: FilterKind, count: number) =>
  count > 0 ? `Filter ${kind} to show` : `No ${kind} to show`;

export const HINT_BACK = 'Click to go back up';
export const HINT_SWITCH_FILTER = 'Click to switch inputs/outputs filter';
export const HINT_EXPAND = 'Click to expand task/workflow';
export const HINT_NAVIGATE = 'Click to go to overview page/archive section';

export const LEGEND: ReadonlyArray<{ type: NodeType; label: string; tooltip: string }> = [
  { type: 'input', label: 'Input', tooltip: 'Input to a task or workflow.' },
  { type: 'output', label: 'Output', tooltip: 'Output from a task or workflow.' },
  { type: 'workflow', label: 'Workflow', tooltip: 'Task containing further sub-tasks.' },
  { type: 'task', label: 'Task', tooltip: 'Elementary task with inputs and outputs.' },
];

/** Zooming to a new level or back to the start takes this long (spec 3 §9). */
export const ZOOM_TRANSITION_MS = 500;
