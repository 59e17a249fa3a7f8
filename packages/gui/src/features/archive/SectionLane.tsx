import { Box, Button, List, ListSubheader, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { indexedKey, parseIndexedKey, resolveIndex } from '../../components/lane-browser/lanePath.ts';
import type { LaneContext } from '../../components/lane-browser/adapter.ts';
import { useUnits } from '../units/index.ts';
import { AbsentItem, ArchiveItem } from './ArchiveItem.tsx';
import { ArchiveSectionEditor } from './ArchiveSectionEditor.tsx';
import type { ArchiveLaneConfig } from './archiveAdapter.tsx';
import { listWindow, revealStep } from './format.ts';
import { isSection, sectionEntries, type ArchiveNode, type SectionEntry } from './model.ts';
import { sectionPlots } from './plots.ts';
import { quantityPreview } from './preview.ts';

// Plotly loads with the first plot only; most sections have none.
const SectionPlotView = lazy(() =>
  import('./SectionPlotView.tsx').then((m) => ({ default: m.SectionPlotView })),
);

/** A section's lane: its plots, quantities with their values, sub-sections and attributes. */
export function SectionLane({
  node,
  config,
  context,
}: {
  node: Extract<ArchiveNode, { kind: 'section' }>;
  config: ArchiveLaneConfig;
  context: LaneContext;
}) {
  const { units } = useUnits();
  const { quantities, subSections } = useMemo(() => sectionEntries(node, config.view), [node, config.view]);
  const plots = useMemo(() => sectionPlots(node.section), [node.section]);
  const attributes = isSection(node.section.m_attributes) ? Object.keys(node.section.m_attributes) : [];
  const item = (key: string, label: string, secondary?: string, title?: string) => (
    <ArchiveItem
      key={key}
      itemKey={key}
      url={context.itemUrl(key)}
      selected={context.selected === key}
      label={label}
      secondary={secondary}
      title={title}
    />
  );
  return (
    <Box>
      {plots.length > 0 ? (
        <Suspense fallback={<Typography variant="body2">loading ...</Typography>}>
          <SectionPlotView plots={plots} />
        </Suspense>
      ) : null}
      {config.editing ? <ArchiveSectionEditor path={node.path} /> : null}
      {quantities.length + subSections.length + attributes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          This section is empty.
        </Typography>
      ) : null}
      {quantities.length > 0 ? (
        <List dense disablePadding subheader={<ListSubheader disableSticky>Quantities</ListSubheader>}>
          {quantities.map((entry) =>
            entry.present ? (
              item(
                entry.name,
                entry.name,
                quantityPreview(entry.value, entry.quantity, units),
                entry.description,
              )
            ) : (
              <AbsentItem key={entry.name} label={entry.name} title={entry.description} />
            ),
          )}
        </List>
      ) : null}
      {subSections.length > 0 ? (
        <List dense disablePadding subheader={<ListSubheader disableSticky>Sub-sections</ListSubheader>}>
          {subSections.map((entry) =>
            !entry.present ? (
              <AbsentItem key={entry.name} label={entry.name} title={entry.description} />
            ) : entry.kind === 'repeats' ? (
              <RepeatedItems key={entry.name} entry={entry} context={context} />
            ) : (
              item(entry.name, entry.name, undefined, entry.description)
            ),
          )}
        </List>
      ) : null}
      {attributes.length > 0 ? (
        <List dense disablePadding subheader={<ListSubheader disableSticky>Attributes</ListSubheader>}>
          {attributes.map((name) => item(`@${name}`, name))}
        </List>
      ) : null}
    </Box>
  );
}

/** A repeating sub-section's items: the first 50 and the last 5, the middle revealed 25 at a time. */
function RepeatedItems({ entry, context }: { entry: SectionEntry; context: LaneContext }) {
  const [revealed, setRevealed] = useState(0);
  const window = listWindow(entry.count, revealed);
  // A deep link may name the item from the end (calculation:-1).
  const opened = context.selected === undefined ? undefined : parseIndexedKey(context.selected);
  const openedIndex =
    opened?.name === entry.name && opened.index !== undefined
      ? resolveIndex(opened.index, entry.count)
      : undefined;
  const row = (index: number) => {
    const key = indexedKey(entry.name, index);
    return (
      <ArchiveItem
        key={key}
        itemKey={key}
        url={context.itemUrl(key)}
        selected={openedIndex === index}
        label={`${entry.name} ${index}`}
      />
    );
  };
  return (
    <Box title={entry.description}>
      <Typography variant="body2" sx={{ px: 2, pt: 0.5 }} color="text.secondary">
        {entry.name} ({entry.count})
      </Typography>
      <Box sx={{ pl: 1 }}>
        {window.head.map(row)}
        {window.hidden > 0 ? (
          <Button size="small" onClick={() => setRevealed(revealed + revealStep(window.hidden))}>
            Show {revealStep(window.hidden)} more of {window.hidden} hidden items
          </Button>
        ) : null}
        {window.tail.map(row)}
      </Box>
    </Box>
  );
}
