import { List, ListItemButton, ListItemText } from '@mui/material';
import type { TopologyNode } from './fromResults.ts';

/** The systems of the topology, children indented under their parent; the selected one is marked. */
export function TopologyTree({
  nodes,
  selected,
  onSelect,
}: {
  nodes: readonly TopologyNode[];
  selected: string | undefined;
  onSelect: (path: string) => void;
}) {
  return (
    <List dense disablePadding aria-label="topology">
      {nodes.map((node) => (
        <TreeItem key={node.path} node={node} depth={0} selected={selected} onSelect={onSelect} />
      ))}
    </List>
  );
}

function TreeItem({
  node,
  depth,
  selected,
  onSelect,
}: {
  node: TopologyNode;
  depth: number;
  selected: string | undefined;
  onSelect: (path: string) => void;
}) {
  const details = [node.structuralType, node.nAtoms !== undefined ? `${node.nAtoms} atoms` : undefined]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <ListItemButton
        selected={node.path === selected}
        onClick={() => onSelect(node.path)}
        sx={{ pl: 1 + depth * 2 }}
      >
        <ListItemText primary={node.label} secondary={details || undefined} />
      </ListItemButton>
      {node.children.map((child) => (
        <TreeItem key={child.path} node={child} depth={depth + 1} selected={selected} onSelect={onSelect} />
      ))}
    </>
  );
}
