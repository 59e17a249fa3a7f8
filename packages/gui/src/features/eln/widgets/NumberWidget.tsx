import { Box, Slider, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { elnAnnotation, typeData } from '../elnModel.ts';
import { checkNumber, shownNumber, type NumberRules } from '../numberValue.ts';
import { useDebouncedCommit } from '../useDebouncedCommit.ts';
import type { WidgetProps } from './widgetProps.ts';

/** The number rules of a quantity: its type, unit, display unit and the annotation's bounds. */
const numberRules = (quantity: WidgetProps['quantity']): NumberRules => {
  const annotation = elnAnnotation(quantity);
  return {
    dtype: String(typeData(quantity) ?? 'float'),
    ...(quantity.unit ? { unit: quantity.unit } : {}),
    ...((annotation?.defaultDisplayUnit ?? quantity.unit)
      ? { displayUnit: annotation?.defaultDisplayUnit ?? quantity.unit }
      : {}),
    ...(typeof annotation?.minValue === 'number' ? { min: annotation.minValue } : {}),
    ...(typeof annotation?.maxValue === 'number' ? { max: annotation.maxValue } : {}),
  };
};

/** NumberEditQuantity: typed in the display unit (or with a unit), checked, stored in the quantity's unit. */
export function NumberWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const rules = numberRules(quantity);
  const [error, setError] = useState<string | undefined>(undefined);
  const field = useDebouncedCommit(shownNumber(value, rules), (text) => {
    const checked = checkNumber(text, rules);
    setError(checked.error);
    if (checked.error === undefined) onChange(checked.value);
  });
  return (
    <TextField
      label={rules.displayUnit ? `${label} (${rules.displayUnit})` : label}
      size="small"
      fullWidth
      disabled={disabled}
      value={field.text}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      onKeyDown={field.onKeyDown}
      error={error !== undefined}
      helperText={error ?? quantity.description}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'decimal' } }}
    />
  );
}

/** SliderEditQuantity: between the annotation's bounds (0 to 10 when it gives none). */
export function SliderWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const rules = numberRules(quantity);
  const min = rules.min ?? 0;
  const max = rules.max ?? 10;
  const integer = /int/.test(rules.dtype);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Slider
        aria-label={label}
        disabled={disabled}
        min={min}
        max={max}
        step={integer ? 1 : (max - min) / 100}
        value={typeof value === 'number' ? value : min}
        valueLabelDisplay="auto"
        onChangeCommitted={(_, committed) => onChange(committed as number)}
      />
    </Box>
  );
}
