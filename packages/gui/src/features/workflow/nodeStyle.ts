import type { Theme } from '@mui/material';
import type { NodeType } from './graph.ts';

/** One colour per node type, shared by the graph and its legend. */
export function nodeColor(theme: Theme, type: NodeType): string {
  switch (type) {
    case 'input':
      return theme.palette.primary.main;
    case 'output':
      return theme.palette.secondary.main;
    case 'workflow':
      return theme.palette.warning.dark;
    case 'task':
      return theme.palette.grey[600];
  }
}
