import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';

/** Embargo lengths in months (spec 3 §9); 0 is no embargo. */
const EMBARGO_OPTIONS = [0, 3, 6, 12, 24, 36] as const;

export interface EmbargoSelectProps {
  value: number;
  onChange: (months: number) => void;
  /** Why no embargo can be chosen; the select is disabled when given. */
  disabledReason?: string;
}

export function EmbargoSelect({ value, onChange, disabledReason }: EmbargoSelectProps) {
  return (
    <FormControl fullWidth variant="standard" disabled={disabledReason !== undefined}>
      <InputLabel id="embargo-label" shrink>
        Embargo period
      </InputLabel>
      <Select
        labelId="embargo-label"
        value={value}
        displayEmpty
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {EMBARGO_OPTIONS.map((months) => (
          <MenuItem key={months} value={months}>
            {months === 0 ? <em>No embargo</em> : months}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>
        {disabledReason ?? (value > 0 ? 'months before the data becomes public' : 'publish without embargo')}
      </FormHelperText>
    </FormControl>
  );
}
