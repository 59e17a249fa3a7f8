import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useState } from 'react';
import type { FilterDefinition } from '../context/index.ts';
import { parseValue } from '../context/url.ts';
import type { TermValue } from './terms.ts';
import { useTermSuggestions } from './useTermSuggestions.ts';

export interface TermsInputProps {
  definition: FilterDefinition;
  label: string;
  onAdd(value: TermValue): void;
}

/** A text field that adds a typed or suggested value to a terms filter (Enter or choosing one). */
export function TermsInput({ definition, label, onAdd }: TermsInputProps) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const { options, loading } = useTermSuggestions(input, definition);
  const add = (text: string) => {
    if (text.trim() === '') return;
    const value = parseValue(text.trim(), definition);
    if (value === undefined) {
      setError(`Invalid value for the metainfo ${definition.quantity}. Please check your syntax.`);
      return;
    }
    onAdd(value);
    setInput('');
    setError(undefined);
  };
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      filterOptions={(items) => items}
      inputValue={input}
      value={null}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
        setError(undefined);
      }}
      onChange={(_event, value) => {
        if (typeof value === 'string') add(value);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Type here"
          error={error !== undefined}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `Search ${label}` },
            input: {
              ...params.slotProps.input,
              endAdornment: loading ? <CircularProgress size={16} /> : params.slotProps.input.endAdornment,
            },
          }}
        />
      )}
      sx={{ my: 0.5 }}
    />
  );
}
