import type { WidgetConfig } from '@oasis/schema';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { dashboardFromYaml, dashboardToYaml } from './yaml.ts';

/** Rows of the YAML editor (spec 2 §9). */
const YAML_ROWS = 30;

export interface DashboardYamlDialogProps {
  widgets: readonly WidgetConfig[];
  onSave: (widgets: WidgetConfig[]) => void;
  onClose: () => void;
}

/**
 * The dashboard as YAML: copy it into an app's `dashboard` in nomad.yaml, or edit it and save it back.
 * Save is disabled while the text is not YAML or a widget fails its schema.
 */
export function DashboardYamlDialog({ widgets, onSave, onClose }: DashboardYamlDialogProps) {
  const [text, setText] = useState(() => dashboardToYaml(widgets));
  const result = dashboardFromYaml(text);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Dashboard widgets</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The widgets in YAML. Copy them into the dashboard of an app in the configuration, or paste widgets
          here to replace the current ones.
        </DialogContentText>
        <TextField
          multiline
          fullWidth
          rows={YAML_ROWS}
          margin="dense"
          label="YAML"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!result.ok}
          helperText={result.ok ? undefined : result.error}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!result.ok}
          onClick={() => {
            if (result.ok) onSave(result.widgets);
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
