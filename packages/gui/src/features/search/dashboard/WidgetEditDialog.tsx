import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useSearchContext } from '../context/index.ts';
import { setAt } from './configPath.ts';
import { NBINS_CHOICES, SCATTER_SIZE_CHOICES } from './constants.ts';
import { CheckboxInput, QuantityInput, SelectInput, TextInput } from './editFields.tsx';
import { formErrors, QUANTITY_FIELDS, valueAt } from './formValidation.ts';
import { parseWidgetConfig } from './schema.ts';
import { AXIS_SCALES, DRAG_MODES, QUERY_MODES, SCALES, type WidgetConfig, type WidgetType } from './types.ts';

const TYPE_LABELS: Readonly<Record<WidgetType, string>> = {
  terms: 'terms',
  histogram: 'histogram',
  scatter_plot: 'scatter plot',
  periodic_table: 'periodic table',
};

const pairs = <T extends string | number>(values: readonly T[]) =>
  values.map((value) => [value, String(value)] as const);

export interface WidgetEditDialogProps {
  config: WidgetConfig;
  onAccept: (config: WidgetConfig) => void;
  onCancel: () => void;
}

/**
 * The edit form of one widget. Accept stays disabled while a field shows an error; pressing it with a
 * required field left empty shows what is missing (spec 2 §5).
 */
export function WidgetEditDialog({ config: initial, onAccept, onCancel }: WidgetEditDialogProps) {
  const { definitions } = useSearchContext();
  const [config, setConfig] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = formErrors(config, definitions, { touched, submitted });
  const hasErrors = Object.keys(errors).length > 0;

  const touch = (path: string) => setTouched((current) => new Set(current).add(path));
  const set = (path: string, value: unknown) => {
    touch(path);
    setConfig((current) => setAt(current, path, value));
  };
  const text = (path: string) => {
    const value = valueAt(config, path);
    return typeof value === 'string' ? value : '';
  };

  const quantity = (path: string, label: string) => {
    const field = QUANTITY_FIELDS[config.type].find((item) => item.path === path)!;
    return (
      <QuantityInput
        key={path}
        label={label}
        field={field}
        definitions={definitions}
        value={text(path)}
        error={errors[path]}
        onBlur={() => touch(path)}
        onChange={(value) => {
          // Without a colour quantity there is no colour axis at all.
          if (path === 'markers.color.search_quantity' && value === '') {
            touch(path);
            setConfig((current) => setAt(current, 'markers', undefined));
          } else set(path, value);
        }}
      />
    );
  };
  const textField = (path: string, label: string) => (
    <TextInput
      key={path}
      label={label}
      value={text(path)}
      error={errors[path]}
      onChange={(value) => set(path, value)}
    />
  );
  const select = <T extends string | number>(
    path: string,
    label: string,
    options: readonly (readonly [T, string])[],
  ) => (
    <SelectInput<T>
      key={path}
      label={label}
      options={options}
      value={valueAt(config, path) as T | undefined}
      error={errors[path]}
      onChange={(value) => set(path, value)}
    />
  );
  const checkbox = (path: string, label: string, fallback: boolean) => {
    const value = valueAt(config, path);
    return (
      <CheckboxInput
        key={path}
        label={label}
        value={typeof value === 'boolean' ? value : fallback}
        onChange={(checked) => set(path, checked)}
      />
    );
  };

  const section = (title: string, fields: ReactNode[]) => [
    <Typography key={`${title}-heading`} variant="subtitle2" sx={{ mt: 2 }}>
      {title}
    </Typography>,
    ...fields,
  ];

  let fields: ReactNode[];
  switch (config.type) {
    case 'terms':
      fields = [
        quantity('search_quantity', 'Search quantity'),
        textField('title', 'Title'),
        select('scale', 'Statistics scaling', pairs(SCALES)),
        select('query_mode', 'Query mode', pairs(QUERY_MODES)),
        checkbox('show_input', 'Show input field', true),
      ];
      break;
    case 'periodic_table':
      fields = [
        quantity('search_quantity', 'Search quantity'),
        textField('title', 'Title'),
        select('scale', 'Statistics scaling', pairs(SCALES)),
      ];
      break;
    case 'histogram':
      fields = [
        textField('title', 'Title'),
        ...section('X axis', [
          quantity('x.search_quantity', 'Search quantity'),
          textField('x.title', 'Title'),
          textField('x.unit', 'Unit'),
        ]),
        ...section('Y axis', [select('y.scale', 'Statistics scaling', pairs(SCALES))]),
        select('nbins', 'Number of bins', pairs(NBINS_CHOICES)),
        checkbox('autorange', 'Autorange', false),
        checkbox('show_input', 'Show input fields', true),
      ];
      break;
    case 'scatter_plot':
      fields = [
        textField('title', 'Title'),
        ...section('X axis', [
          quantity('x.search_quantity', 'Search quantity'),
          textField('x.title', 'Title'),
          textField('x.unit', 'Unit'),
          select('x.scale', 'Scale', pairs(AXIS_SCALES)),
        ]),
        ...section('Y axis', [
          quantity('y.search_quantity', 'Search quantity'),
          textField('y.title', 'Title'),
          textField('y.unit', 'Unit'),
          select('y.scale', 'Scale', pairs(AXIS_SCALES)),
        ]),
        ...section('Marker color', [
          quantity('markers.color.search_quantity', 'Search quantity'),
          textField('markers.color.title', 'Title'),
          textField('markers.color.unit', 'Unit'),
        ]),
        select('size', 'Maximum number of entries to load', pairs(SCATTER_SIZE_CHOICES)),
        select('drag_mode', 'Drag mode', pairs(DRAG_MODES)),
        checkbox('autorange', 'Autorange', true),
      ];
      break;
  }

  const accept = () => {
    setSubmitted(true);
    if (Object.keys(formErrors(config, definitions, { touched, submitted: true })).length > 0) return;
    // A colour title or unit without a colour quantity means no colour axis.
    const cleaned =
      config.type === 'scatter_plot' && !text('markers.color.search_quantity')
        ? setAt(config, 'markers', undefined)
        : config;
    const parsed = parseWidgetConfig(cleaned);
    if (parsed.ok) onAccept(parsed.config);
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>Edit {TYPE_LABELS[config.type]} widget</DialogTitle>
      <DialogContent>{fields}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={accept} disabled={hasErrors}>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
