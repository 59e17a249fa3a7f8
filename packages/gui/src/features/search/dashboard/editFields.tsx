import type { FormField } from '@oasis/schema';
import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import type { FilterDefinition } from '../context/index.ts';
import { allowedQuantities } from './formValidation.ts';

interface FieldProps<T> {
  label: string;
  value: T;
  error?: string;
  onChange: (value: T) => void;
}

/** A search quantity, typed or picked from the quantities the field allows. */
function QuantityInput({
  field,
  definitions,
  onBlur,
  ...props
}: FieldProps<string> & {
  field: FormField;
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

function TextInput(props: FieldProps<string>) {
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
function SelectInput<T extends string | number>(
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

function CheckboxInput(props: FieldProps<boolean>) {
  return (
    <FormControlLabel
      label={props.label}
      control={<Checkbox checked={props.value} onChange={(event) => props.onChange(event.target.checked)} />}
    />
  );
}

export interface FieldInputProps {
  field: FormField;
  value: unknown;
  error?: string;
  definitions: Readonly<Record<string, FilterDefinition>>;
  onChange: (value: unknown) => void;
  /** The field was left: a quantity checks itself from then on. */
  onBlur: () => void;
}

/** The input of one annotated field, by its editor (packages/schema's widget declarations). */
export function FieldInput({ field, value, error, definitions, onChange, onBlur }: FieldInputProps) {
  const label = field.form.label;
  const text = typeof value === 'string' ? value : '';
  switch (field.form.editor) {
    case 'quantity':
      return (
        <QuantityInput
          label={label}
          field={field}
          definitions={definitions}
          value={text}
          error={error}
          onBlur={onBlur}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <SelectInput<string | number>
          label={label}
          options={field.choices.map((choice) => [choice, String(choice)] as const)}
          value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
          error={error}
          onChange={onChange}
        />
      );
    case 'checkbox':
      return (
        <CheckboxInput
          label={label}
          value={typeof value === 'boolean' ? value : field.default === true}
          onChange={onChange}
        />
      );
  }
  // text, unit (checked against its quantity's dimension by the form)
  return <TextInput label={label} value={text} error={error} onChange={onChange} />;
}
