import {
  Autocomplete,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  TextField,
} from '@mui/material';
import { elnAnnotation, typeData } from '../elnModel.ts';
import type { WidgetProps } from './widgetProps.ts';

const enumValues = (quantity: WidgetProps['quantity']): string[] => {
  const values = typeData(quantity);
  return Array.isArray(values) ? values.map(String) : [];
};

/** BoolEditQuantity, with the labels its annotation's props may give (trueLabel, falseLabel). */
export function BoolWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const props = elnAnnotation(quantity)?.props ?? {};
  const stateLabel =
    value === true ? props.trueLabel : value === false ? props.falseLabel : props.undefinedLabel;
  return (
    <FormControlLabel
      disabled={disabled}
      control={
        <Checkbox
          checked={value === true}
          indeterminate={value === undefined}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': label } }}
        />
      }
      label={typeof stateLabel === 'string' ? `${label}: ${stateLabel}` : label}
    />
  );
}

/** EnumEditQuantity: a pull-down of the enum's values. */
export function SelectWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const id = `eln-select-${quantity.name}`;
  return (
    <FormControl size="small" fullWidth disabled={disabled}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      >
        <MenuItem value="">
          <em>none</em>
        </MenuItem>
        {enumValues(quantity).map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** RadioEnumEditQuantity: one radio button per value. */
export function RadioWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  return (
    <FormControl disabled={disabled}>
      <FormLabel>{label}</FormLabel>
      <RadioGroup
        row
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {enumValues(quantity).map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={option} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * AutocompleteEditQuantity (the enum's values only) and SuggestionEnumEditQuantity (its values as
 * suggestions; any text is taken).
 */
export function AutocompleteWidget({
  quantity,
  label,
  value,
  onChange,
  disabled,
  freeText = false,
}: WidgetProps & { freeText?: boolean }) {
  const options = enumValues(quantity);
  return (
    <Autocomplete
      size="small"
      disabled={disabled}
      options={options}
      freeSolo={freeText}
      value={typeof value === 'string' ? value : null}
      onChange={(_, chosen) => onChange(chosen ?? undefined)}
      onInputChange={(_, typed, reason) => {
        if (freeText && reason === 'input') onChange(typed === '' ? undefined : typed);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
