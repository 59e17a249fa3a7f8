import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { NorthToolCard } from './NorthToolCard.tsx';
import { useNorthTools } from './useNorthTools.ts';

/** The tool shown open when the page loads, as in NOMAD. */
const FIRST_EXPANDED = 'jupyter';

/** /analyze/north (spec 3 §4): the remote tools hub, one collapsible card per configured tool. */
export function NorthPage() {
  const { user } = useAuth();
  const { tools, isError } = useNorthTools();
  const [expanded, setExpanded] = useState<string | undefined>(FIRST_EXPANDED);
  return (
    <Box sx={{ p: 3, maxWidth: 1024, mx: 'auto' }}>
      <Typography variant="h5" component="h1" color="primary" gutterBottom>
        NOMAD Remote Tools Hub (NORTH)
      </Typography>
      <Typography sx={{ mb: 1 }}>
        The applications below are set up to run on this server, next to the data: launch one and it opens in
        a new window with your uploads in its working folder, unpublished ones to work on and published ones
        to read.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        You run at most one instance of each tool; a tool you have not used for a while is stopped. Tools that
        open a kind of file can also be launched from that file in an upload or from a search result.
      </Typography>
      {user ? null : (
        <Box sx={{ mb: 2 }}>
          <LoginPrompt text="You must be logged in to use this tool." />
        </Box>
      )}
      {isError ? <Alert severity="error">The tools could not be loaded.</Alert> : null}
      {tools?.length === 0 ? (
        <Alert severity="info">No tools are configured on this installation.</Alert>
      ) : null}
      {tools?.map((tool) => (
        <NorthToolCard
          key={tool.name}
          tool={tool}
          loggedIn={user !== undefined}
          expanded={expanded === tool.name}
          onToggle={() => setExpanded((current) => (current === tool.name ? undefined : tool.name))}
        />
      ))}
    </Box>
  );
}
