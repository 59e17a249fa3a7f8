import { TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedCommit } from '../useDebouncedCommit.ts';
import type { WidgetProps } from './widgetProps.ts';

const isUrl = (text: string) => {
  try {
    return Boolean(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** Strings: StringEditQuantity, URLEditQuantity ('Invalid URL string!'), and unknown components. */
export function TextWidget({
  quantity,
  label,
  value,
  onChange,
  disabled,
  kind = 'text',
}: WidgetProps & { kind?: 'text' | 'url' }) {
  const [error, setError] = useState<string | undefined>(undefined);
  const field = useDebouncedCommit(typeof value === 'string' ? value : '', (text) => {
    if (kind === 'url' && text !== '' && !isUrl(text)) {
      setError('Invalid URL string!');
      return;
    }
    setError(undefined);
    onChange(text === '' ? undefined : text);
  });
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      disabled={disabled}
      value={field.text}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      onKeyDown={field.onKeyDown}
      error={error !== undefined}
      helperText={error ?? quantity.description}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  );
}
