import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import type { FilterDefinition } from '../context/index.ts';
import { allowedQuantities, type QuantityField } from './formValidation.ts';

interface FieldProps<T> {
  label: string;
  value: T;
  error?: string;
  onChange: (value: T) => void;
}

/** A search quantity, typed or picked from the quantities the field allows. */
export function QuantityInput({
  field,
  definitions,
  onBlur,
  ...props
}: FieldProps<string> & {
  field: QuantityField;
  definitions: Readonly<Record<string, FilterDefinition>>;
  onBlur: () => void;
}) {
  const options = useMemo(() => allowedQuantities(field, definitions), [field, definitions]);
  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={props.value}
      onInputChange={(_event, value) => props.onChange(value)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          margin="dense"
          error={props.error !== undefined}
          helperText={props.error}
        />
      )}
    />
  );
}

export function TextInput(props: FieldProps<string>) {
  return (
    <TextField
      fullWidth
      margin="dense"
      label={props.label}
      value={props.value}
      error={props.error !== undefined}
      helperText={props.error}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** A choice among fixed values; `options` pairs each value with its label. */
export function SelectInput<T extends string | number>(
  props: FieldProps<T | undefined> & { options: readonly (readonly [T, string])[] },
) {
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={props.label}
      value={props.value ?? ''}
      error={props.error !== undefined}
      helperText={props.error}
      onChange={(event) => {
        const chosen = props.options.find(([value]) => String(value) === event.target.value);
        props.onChange(chosen?.[0]);
      }}
    >
      {props.options.map(([value, text]) => (
        <MenuItem key={String(value)} value={String(value)}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CheckboxInput(props: FieldProps<boolean>) {
  return (
    <FormControlLabel
      label={props.label}
      control={<Checkbox checked={props.value} onChange={(event) => props.onChange(event.target.checked)} />}
    />
  );
}
