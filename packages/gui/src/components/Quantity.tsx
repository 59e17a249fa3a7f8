import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { displayValue, isEmptyValue } from './format.ts';

export interface QuantityProps {
  label: string;
  value?: unknown;
  /** Rendered instead of the plain value when the value is not empty. */
  children?: ReactNode;
}

/** A labelled metadata value; empty values (and 'not processed') show 'unavailable'. */
export function Quantity({ label, value, children }: QuantityProps) {
  const empty = isEmptyValue(value);
  return (
    <Box sx={{ mb: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ overflowWrap: 'anywhere', fontStyle: empty ? 'italic' : undefined }}
      >
        {empty ? displayValue(value) : (children ?? displayValue(value))}
      </Typography>
    </Box>
  );
}
