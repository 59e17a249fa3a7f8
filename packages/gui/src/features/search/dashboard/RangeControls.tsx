import { Box, Slider, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { MIN_DATE_RANGE_MS, sliderStep } from './histogramData.ts';
import { boundText, checkRange, type RangeText } from './rangeInput.ts';

export interface RangeControlsProps {
  /** The x range shown, in display units. */
  range: [number, number];
  /** The chosen range, if any. */
  chosen: { min?: number; max?: number } | undefined;
  timestamp: boolean;
  integer: boolean;
  showInput: boolean;
  unitLabel: string;
  format: (value: number) => string;
  onCommit: (min: number, max: number) => void;
}

/**
 * A range slider (committed on release) and, with show_input, minimum and maximum fields (committed
 * on Enter or blur). Date ranges are at least one minute wide.
 */
export function RangeControls(props: RangeControlsProps) {
  const { range, chosen, timestamp, integer, showInput, unitLabel, format, onCommit } = props;
  const lower = chosen?.min ?? range[0];
  const upper = chosen?.max ?? range[1];
  const [sliding, setSliding] = useState<number[]>();
  const [text, setText] = useState<RangeText>({ min: '', max: '' });
  const [editing, setEditing] = useState(false);

  // The fields follow the chosen range unless the user is typing in them.
  useEffect(() => {
    if (!editing) setText({ min: boundText(chosen?.min, timestamp), max: boundText(chosen?.max, timestamp) });
  }, [chosen?.min, chosen?.max, timestamp, editing]);

  const check = checkRange(text, timestamp);
  const commitText = () => {
    // Invalid text stays, with its error, until the user corrects it.
    if (check.errors.min || check.errors.max) return;
    setEditing(false);
    const min = check.min ?? range[0];
    const max = check.max ?? range[1];
    if (min !== chosen?.min || max !== chosen?.max) onCommit(min, widen(min, max));
  };
  const widen = (min: number, max: number) => (timestamp ? Math.max(max, min + MIN_DATE_RANGE_MS) : max);
  const suffix = unitLabel ? ` (${unitLabel})` : '';

  return (
    <Box sx={{ px: 1 }}>
      <Slider
        size="small"
        getAriaLabel={(index) => (index === 0 ? 'Minimum' : 'Maximum')}
        min={range[0]}
        max={range[1]}
        step={sliderStep(range, integer)}
        value={sliding ?? [Math.max(range[0], lower), Math.min(range[1], upper)]}
        valueLabelDisplay="auto"
        valueLabelFormat={format}
        getAriaValueText={format}
        onChange={(_event, value) => setSliding(value as number[])}
        onChangeCommitted={(_event, value) => {
          setSliding(undefined);
          const [min, max] = value as number[];
          if (min !== undefined && max !== undefined) onCommit(min, widen(min, max));
        }}
      />
      {showInput ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {(['min', 'max'] as const).map((bound) => (
            <TextField
              key={bound}
              size="small"
              label={`${bound === 'min' ? 'Minimum' : 'Maximum'}${suffix}`}
              value={text[bound]}
              placeholder={boundText(bound === 'min' ? range[0] : range[1], timestamp)}
              error={check.errors[bound] !== undefined}
              helperText={check.errors[bound]}
              onChange={(event) => {
                setEditing(true);
                setText((current) => ({ ...current, [bound]: event.target.value }));
              }}
              onBlur={commitText}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitText();
              }}
              sx={{ flex: 1 }}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
