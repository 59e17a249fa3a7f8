import { Box, ButtonBase, Typography } from '@mui/material';
import { ELEMENTS } from './elements.ts';

export interface PeriodicTableProps {
  selected: readonly string[];
  /** Entries per element; undefined while unknown (then every element is clickable). */
  counts?: ReadonlyMap<string, number>;
  onToggle: (symbol: string) => void;
}

/** A compact periodic table; each element toggles itself in the elements filter. */
export function PeriodicTable({ selected, counts, onToggle }: PeriodicTableProps) {
  return (
    <Box
      role="group"
      aria-label="periodic table"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(18, minmax(0, 1fr))',
        // 18 x 10 (spec 2 §9): periods 1-7, the hypothetical period 8, lanthanides and actinides.
        gridTemplateRows: 'repeat(10, auto)',
        gap: '2px',
      }}
    >
      {ELEMENTS.map((element) => {
        const isSelected = selected.includes(element.symbol);
        const count = counts?.get(element.symbol);
        // With known counts, an element without entries would only lead to no results.
        const disabled = !isSelected && counts !== undefined && !count;
        return (
          <ButtonBase
            key={element.symbol}
            aria-pressed={isSelected}
            aria-label={element.symbol}
            title={`${element.name} (${element.number})${count !== undefined ? `: ${count}` : ''}`}
            disabled={disabled}
            onClick={() => onToggle(element.symbol)}
            // Per-element values inline: as sx they would make one style rule per element.
            style={{ gridColumn: element.x, gridRow: element.y }}
            sx={{
              flexDirection: 'column',
              aspectRatio: '1',
              minWidth: 0,
              border: 1,
              borderRadius: 0.5,
              borderColor: isSelected ? 'primary.dark' : 'divider',
              bgcolor: isSelected
                ? 'primary.main'
                : disabled
                  ? 'action.disabledBackground'
                  : 'background.paper',
              color: isSelected ? 'primary.contrastText' : disabled ? 'text.disabled' : 'text.primary',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <Typography component="span" sx={{ fontSize: '0.7rem', fontWeight: 600, lineHeight: 1.1 }}>
              {element.symbol}
            </Typography>
            {count ? (
              <Typography component="span" sx={{ fontSize: '0.5rem', lineHeight: 1 }}>
                {count}
              </Typography>
            ) : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
