import ExpandMore from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Link, Typography } from '@mui/material';
import type { NorthTool } from '@oasis/schema';
import { Fragment } from 'react';
import { NorthToolButtons } from './NorthToolButtons.tsx';
import { ToolIcon } from './ToolIcon.tsx';
import { useNorthTool } from './useNorthTool.ts';

/** One tool of the hub: title, icon, short description and a running badge; details and buttons inside. */
export function NorthToolCard({
  tool,
  expanded,
  onToggle,
  loggedIn,
}: {
  tool: NorthTool;
  expanded: boolean;
  onToggle: () => void;
  loggedIn: boolean;
}) {
  const control = useNorthTool(tool);
  const title = tool.title ?? tool.name;
  return (
    <Accordion expanded={expanded} onChange={onToggle} data-testid={`north-tool-${tool.name}`}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%' }}>
          <ToolIcon icon={tool.icon} />
          <Typography sx={{ fontWeight: 'bold', minWidth: 160 }}>{title}</Typography>
          <Typography sx={{ flexGrow: 1 }} color="text.secondary">
            {tool.short_description}
          </Typography>
          {control.state === 'running' ? <Chip size="small" color="primary" label="running" /> : null}
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Typography sx={{ flex: '2 1 320px', whiteSpace: 'pre-line' }}>
            {tool.description ?? 'Missing tool description'}
          </Typography>
          <Box sx={{ flex: '1 1 200px', display: 'flex', flexDirection: 'column', gap: 1 }}>
            {tool.maintainer?.length ? (
              <Typography variant="body2">
                <b>Maintainer: </b>
                {tool.maintainer.map((maintainer, index) => (
                  <Fragment key={`${maintainer.email}-${index}`}>
                    {index > 0 ? ', ' : ''}
                    <Link href={`mailto:${maintainer.email}`}>{maintainer.name}</Link>
                  </Fragment>
                ))}
              </Typography>
            ) : null}
            {tool.file_extensions?.length ? (
              <Typography variant="body2">
                <b>File extensions: </b>
                {tool.file_extensions.join(', ')}
              </Typography>
            ) : null}
            {loggedIn ? <NorthToolButtons control={control} /> : null}
          </Box>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
