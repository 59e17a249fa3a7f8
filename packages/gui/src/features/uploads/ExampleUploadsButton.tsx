import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { ExampleUpload } from '@oasis/schema';
import { useMemo, useState } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { exampleUploadsByCategory } from './exampleUploads.ts';
import { Markdown } from './Markdown.tsx';

export interface ExampleUploadsButtonProps {
  disabled: boolean;
  /** Adding is under way: the add buttons wait for it. */
  adding: boolean;
  onAdd: (example: ExampleUpload) => void;
}

/** 'Add Example Uploads': a dialog with one add button per configured example, grouped by category. */
export function ExampleUploadsButton({ disabled, adding, onAdd }: ExampleUploadsButtonProps) {
  const env = useEnv();
  const categories = useMemo(() => exampleUploadsByCategory(env), [env]);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => setOpen(true)}>
        Add Example Uploads
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>Select a sample Upload</DialogTitle>
        <DialogContent>
          {categories.length === 0 ? <Typography>There are no example uploads configured.</Typography> : null}
          {categories.map(({ category, examples }) => (
            <Box key={category} component="section" aria-label={category} sx={{ mb: 4 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {category}
              </Typography>
              {examples.map((example) => (
                <Stack key={example.id} direction="row" spacing={2} sx={{ mb: 2, alignItems: 'baseline' }}>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="subtitle1" component="h3">
                      {example.title}
                    </Typography>
                    <Markdown>{example.description}</Markdown>
                  </Box>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={adding}
                    aria-label={`add ${example.title}`}
                    onClick={() => onAdd(example)}
                  >
                    add
                  </Button>
                </Stack>
              ))}
            </Box>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
