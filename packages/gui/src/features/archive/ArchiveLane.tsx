import { Box, Button, List, Typography } from '@mui/material';
import { useState } from 'react';
import type { LaneContext } from '../../components/lane-browser/adapter.ts';
import { ArchiveItem } from './ArchiveItem.tsx';
import type { ArchiveLaneConfig } from './archiveAdapter.tsx';
import { listWindow, revealStep } from './format.ts';
import type { ArchiveNode } from './model.ts';
import { JsonView, QuantityLane } from './QuantityLane.tsx';
import { SectionLane } from './SectionLane.tsx';

/** The content of one archive lane, by the kind of node it shows. */
export function ArchiveLane({
  node,
  config,
  context,
}: {
  node: ArchiveNode;
  config: ArchiveLaneConfig;
  context: LaneContext;
}) {
  switch (node.kind) {
    case 'section':
      return <SectionLane node={node} config={config} context={context} />;
    case 'quantity':
      return <QuantityLane node={node} config={config} context={context} />;
    case 'list':
      return <ListLane node={node} context={context} />;
    case 'attribute':
      return (
        <Box data-testid="attribute-lane">
          <Typography variant="subtitle2">{node.name}</Typography>
          <JsonView value={node.value} />
        </Box>
      );
  }
}

/** A repeating sub-section opened without an index: its items by index. */
function ListLane({ node, context }: { node: Extract<ArchiveNode, { kind: 'list' }>; context: LaneContext }) {
  const [revealed, setRevealed] = useState(0);
  const window = listWindow(node.items.length, revealed);
  const row = (index: number) => (
    <ArchiveItem
      key={index}
      itemKey={String(index)}
      url={context.itemUrl(String(index))}
      selected={context.selected === String(index)}
      label={`${node.name} ${index}`}
    />
  );
  return (
    <List dense disablePadding>
      {window.head.map(row)}
      {window.hidden > 0 ? (
        <Button size="small" onClick={() => setRevealed(revealed + revealStep(window.hidden))}>
          Show {revealStep(window.hidden)} more of {window.hidden} hidden items
        </Button>
      ) : null}
      {window.tail.map(row)}
    </List>
  );
}
