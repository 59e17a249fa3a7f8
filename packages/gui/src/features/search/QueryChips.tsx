import { Chip, Stack, Typography } from '@mui/material';
import { filterLabel, type Filters } from './filters.ts';

export interface QueryChipsProps {
  filters: Filters;
  onRemove: (quantity: string, value: string) => void;
}

/** The current query as chips, one per value, each deletable. */
export function QueryChips({ filters, onRemove }: QueryChipsProps) {
  const entries = Object.entries(filters).filter(([, values]) => values.length > 0);
  if (entries.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      role="group"
      aria-label="query"
    >
      {entries.map(([quantity, values]) => (
        <Stack key={quantity} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{filterLabel(quantity)}:</Typography>
          {values.map((value) => (
            <Chip key={value} size="small" label={value} onDelete={() => onRemove(quantity, value)} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
