/**
 * Where the nodes of a level sit before any force simulation moves them: inputs in the left column,
 * tasks in the middle, outputs on the right, each column centred vertically.
 */
import type { LevelGraph } from './graph.ts';

export interface Point {
  x: number;
  y: number;
}

export const GRAPH_WIDTH = 800;
const COLUMN_X = { inputs: 120, tasks: 400, outputs: 680 } as const;
const ROW_HEIGHT = 72;
/** Room above the columns for their headers and the level's title. */
const TOP = 70;

export interface Layout {
  positions: Map<string, Point>;
  height: number;
  columnX: typeof COLUMN_X;
}

export function columnLayout(graph: LevelGraph): Layout {
  const columns = [
    ['inputs', graph.inputs],
    ['tasks', graph.tasks],
    ['outputs', graph.outputs],
  ] as const;
  const rows = Math.max(1, ...columns.map(([, nodes]) => nodes.length));
  const height = TOP + rows * ROW_HEIGHT;
  const positions = new Map<string, Point>();
  for (const [column, nodes] of columns) {
    const offset = TOP + ((rows - nodes.length) * ROW_HEIGHT) / 2 + ROW_HEIGHT / 2;
    nodes.forEach((node, row) =>
      positions.set(node.id, { x: COLUMN_X[column], y: offset + row * ROW_HEIGHT }),
    );
  }
  return { positions, height, columnX: COLUMN_X };
}
