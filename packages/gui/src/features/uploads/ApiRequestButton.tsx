import Code from '@mui/icons-material/Code';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CopyButton } from './CopyButton.tsx';

function Block({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <CopyButton value={text} label={`Copy ${title}`} />
      </Box>
      <Box
        component="pre"
        aria-label={title}
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', fontSize: '0.8rem', overflow: 'auto', maxHeight: 300 }}
      >
        {text}
      </Box>
    </Box>
  );
}

export interface ApiRequestButtonProps {
  /** The full URL of the GET request behind what is shown; undefined while there is none. */
  url: string | undefined;
  response: unknown;
}

/** The API call behind a table (spec 3 §2 'API dialog'): the request, as curl, and its answer. */
export function ApiRequestButton({ url, response }: ApiRequestButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Show the API call">
        <span>
          <IconButton
            aria-label="Show the API call"
            disabled={url === undefined}
            onClick={() => setOpen(true)}
          >
            <Code />
          </IconButton>
        </span>
      </Tooltip>
      {open && url !== undefined ? (
        <Dialog open onClose={() => setOpen(false)} maxWidth="lg" fullWidth>
          <DialogTitle>API</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This is the request behind the table; your own scripts can send it with an app token.
            </DialogContentText>
            <Block title="Request" text={`GET ${url}`} />
            <Block title="curl" text={`curl -X GET "${url}" -H "accept: application/json"`} />
            {response === undefined ? null : (
              <Block title="Response" text={JSON.stringify(response, null, 2)} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
