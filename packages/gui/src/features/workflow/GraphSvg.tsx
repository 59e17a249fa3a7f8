import { useTheme } from '@mui/material';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import type { GraphNode, LevelGraph } from './graph.ts';
import { GRAPH_WIDTH, type Layout, type Point } from './layout.ts';
import { NodeShape } from './NodeShape.tsx';
import { HINT_BACK, HINT_SWITCH_FILTER } from './texts.ts';

export interface GraphActions {
  /** The hint a node's tooltip shows, or undefined when a click does nothing. */
  hintOf: (node: GraphNode) => string | undefined;
  onNode: (node: GraphNode) => void;
  /** Going back up; undefined at the root. */
  onBack?: () => void;
  onColumn: (kind: 'inputs' | 'outputs') => void;
}

const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
};

/** A clickable part of the drawing: a button for the keyboard and assistive technology, a hint on hover. */
function Clickable({
  label,
  hint,
  onClick,
  children,
  ...rest
}: {
  label: string;
  hint: string | undefined;
  onClick: (() => void) | undefined;
  children: ReactNode;
  transform?: string;
  'data-type'?: string;
}) {
  const active = hint !== undefined && onClick !== undefined;
  return (
    <g
      {...rest}
      {...(active
        ? { role: 'button', tabIndex: 0, onClick, onKeyDown: onEnter(onClick), style: { cursor: 'pointer' } }
        : { role: 'img' })}
      aria-label={label}
    >
      <title>{hint ? `${label}\n${hint}` : label}</title>
      {children}
    </g>
  );
}

/** Straight arrows between node centres, ending short of the target's shape. */
function Arrow({ from, to }: { from: Point; to: Point }) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const gap = 20;
  return (
    <line
      x1={from.x + (dx / length) * gap}
      y1={from.y + (dy / length) * gap}
      x2={to.x - (dx / length) * gap}
      y2={to.y - (dy / length) * gap}
      markerEnd="url(#workflow-arrow)"
    />
  );
}

export function GraphSvg({
  graph,
  layout,
  positions,
  actions,
  svgRef,
  contentRef,
}: {
  graph: LevelGraph;
  layout: Layout;
  positions: Map<string, Point>;
  actions: GraphActions;
  svgRef: Ref<SVGSVGElement>;
  contentRef: Ref<SVGGElement>;
}) {
  const theme = useTheme();
  const text = theme.palette.text.primary;
  const nodes = [...graph.inputs, ...graph.tasks, ...graph.outputs];
  const header = (kind: 'inputs' | 'outputs', x: number) => (
    <Clickable
      label={kind === 'inputs' ? 'Inputs' : 'Outputs'}
      hint={HINT_SWITCH_FILTER}
      onClick={() => actions.onColumn(kind)}
    >
      <text x={x} y={52} textAnchor="middle" fontWeight="bold" fill={text}>
        {kind === 'inputs' ? 'Inputs' : 'Outputs'}
      </text>
    </Clickable>
  );
  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${GRAPH_WIDTH} ${layout.height}`}
      width="100%"
      // A mouse click focuses a node; only keyboard focus is outlined.
      className="workflow-graph"
      style={{ display: 'block', touchAction: 'none', fontFamily: theme.typography.fontFamily }}
      aria-label="Workflow graph"
      role="group"
    >
      <defs>
        <style>{'.workflow-graph [role=button]:focus:not(:focus-visible) { outline: none; }'}</style>
        <marker
          id="workflow-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={theme.palette.text.secondary} />
        </marker>
      </defs>
      <g ref={contentRef}>
        <Clickable label={graph.name} hint={actions.onBack ? HINT_BACK : undefined} onClick={actions.onBack}>
          <text x={GRAPH_WIDTH / 2} y={22} textAnchor="middle" fontSize={16} fill={text}>
            {graph.name}
          </text>
        </Clickable>
        {header('inputs', layout.columnX.inputs)}
        <text x={layout.columnX.tasks} y={52} textAnchor="middle" fontWeight="bold" fill={text}>
          Tasks
        </text>
        {header('outputs', layout.columnX.outputs)}
        <g stroke={theme.palette.text.secondary} strokeWidth={1.5}>
          {graph.links.map((link) => {
            const from = positions.get(link.source);
            const to = positions.get(link.target);
            return from && to ? <Arrow key={`${link.source}>${link.target}`} from={from} to={to} /> : null;
          })}
        </g>
        {nodes.map((node) => {
          const at = positions.get(node.id) ?? { x: 0, y: 0 };
          const hint = actions.hintOf(node);
          return (
            <Clickable
              key={node.id}
              label={node.name}
              hint={hint}
              onClick={hint ? () => actions.onNode(node) : undefined}
              transform={`translate(${at.x},${at.y})`}
              data-type={node.type}
            >
              <NodeShape type={node.type} />
              <text y={32} textAnchor="middle" fontSize={12} fill={text}>
                {node.label}
              </text>
            </Clickable>
          );
        })}
      </g>
    </svg>
  );
}
