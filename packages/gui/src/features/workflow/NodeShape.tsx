import { useTheme } from '@mui/material';
import type { NodeType } from './graph.ts';
import { nodeColor } from './nodeStyle.ts';

/** Inputs and outputs are circles, tasks squares, workflows double-framed squares; centred on 0,0. */
export function NodeShape({ type, size = 1 }: { type: NodeType; size?: number }) {
  const color = nodeColor(useTheme(), type);
  if (type === 'input' || type === 'output') return <circle r={14 * size} fill={color} />;
  const half = 15 * size;
  return (
    <g>
      <rect x={-half} y={-half} width={2 * half} height={2 * half} rx={3 * size} fill={color} />
      {type === 'workflow' ? (
        <rect
          x={-half + 4 * size}
          y={-half + 4 * size}
          width={2 * half - 8 * size}
          height={2 * half - 8 * size}
          rx={2 * size}
          fill="none"
          stroke="white"
          strokeWidth={1.5 * size}
        />
      ) : null}
    </g>
  );
}
