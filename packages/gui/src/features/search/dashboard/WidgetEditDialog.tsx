import { formEntries, parseWidget, WIDGET_TYPES, widgetSchema, type WidgetConfig } from '@oasis/schema';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchContext } from '../context/index.ts';
import { setAt, valueAt } from './configPath.ts';
import { FieldInput } from './editFields.tsx';
import { acceptedConfig, formErrors } from './formValidation.ts';

export interface WidgetEditDialogProps {
  config: WidgetConfig;
  onAccept: (config: WidgetConfig) => void;
  onCancel: () => void;
}

/**
 * The edit form of one widget, generated from its schema's field annotations (labels, editors, defaults,
 * error texts). Accept stays disabled while a field shows an error; pressing it with a required field
 * left empty shows what is missing (spec 2 §5).
 */
export function WidgetEditDialog({ config: initial, onAccept, onCancel }: WidgetEditDialogProps) {
  const { definitions } = useSearchContext();
  const [config, setConfig] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = formErrors(config, definitions, { touched, submitted });
  const label = WIDGET_TYPES.find((item) => item.type === config.type)?.label ?? config.type;

  const touch = (path: string) => setTouched((current) => new Set(current).add(path));
  const accept = () => {
    setSubmitted(true);
    if (Object.keys(formErrors(config, definitions, { touched, submitted: true })).length > 0) return;
    const parsed = parseWidget(acceptedConfig(config), 'form');
    if (parsed.ok) onAccept(parsed.config);
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>Edit {label.toLowerCase()} widget</DialogTitle>
      <DialogContent>
        {formEntries(widgetSchema(config.type)!).map((entry) =>
          entry.kind === 'heading' ? (
            <Typography key={entry.path} variant="subtitle2" sx={{ mt: 2 }}>
              {entry.label}
            </Typography>
          ) : (
            <FieldInput
              key={entry.path}
              field={entry}
              value={valueAt(config, entry.path)}
              error={errors[entry.path]}
              definitions={definitions}
              onBlur={() => touch(entry.path)}
              onChange={(value) => {
                touch(entry.path);
                setConfig((current) => setAt(current, entry.path, value));
              }}
            />
          ),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={accept} disabled={Object.keys(errors).length > 0}>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
