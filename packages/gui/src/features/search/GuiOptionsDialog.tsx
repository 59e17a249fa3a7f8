import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Button } from '@mui/material';
import type { AppConfig } from '@oasis/schema';
import { useEffect, useState } from 'react';
import { stringify } from 'yaml';

/** Alt+g opens and closes it (spec 2 §2); `g` is matched by key code so that macOS's Option+g works too. */
export function useAltG(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyG') {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [open, setOpen];
}

/** The hidden GUI options panel: the configuration of the app this page runs, as YAML. */
export function GuiOptionsDialog({ app, open, onClose }: { app: AppConfig; open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="gui-options-title">
      <DialogTitle id="gui-options-title">GUI options</DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          aria-label="app configuration"
          sx={{
            m: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: '0.8rem',
            overflow: 'auto',
            maxHeight: '60vh',
          }}
        >
          {/* The YAML is only written when shown: the dialog renders with every page. */}
          {open ? stringify(app) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
