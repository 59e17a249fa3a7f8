import type { PeriodicTableWidgetConfig } from '@oasis/schema';
import { alpha, Box, ButtonBase, Typography, useTheme } from '@mui/material';
import { useAggregation, useSearchContext } from '../context/index.ts';
import { ELEMENTS } from '../elements.ts';
import { ELEMENTS_AGGREGATION_SIZE } from './constants.ts';
import { scaler } from './scale.ts';
import { toggleTerm } from './termsData.ts';
import { WidgetCard } from './WidgetCard.tsx';
import { chosenValues, formatCount, widgetTitle, type WidgetProps } from './widgetProps.ts';

/**
 * Entry counts per element on an 18 × 10 grid (lanthanides and actinides in rows 9 and 10), coloured
 * on the widget's scale; clicking an element toggles it in the filter.
 */
export function PeriodicTableWidget({ widget, onEdit, onRemove }: WidgetProps<PeriodicTableWidgetConfig>) {
  const theme = useTheme();
  const { definitions, filters, setFilter } = useSearchContext();
  const quantity = widget.search_quantity;
  const response = useAggregation(`${quantity}:${widget.id}`, {
    terms: { quantity, size: ELEMENTS_AGGREGATION_SIZE },
  });
  const counts = new Map((response?.terms?.data ?? []).map((bucket) => [String(bucket.value), bucket.count]));
  const max = Math.max(0, ...counts.values());
  const toFraction = scaler(widget.scale);
  const selected = chosenValues(filters[quantity]);
  const title = widgetTitle(widget.title, definitions[quantity], quantity);

  return (
    <WidgetCard title={title} description={widget.description} onEdit={onEdit} onRemove={onRemove}>
      <Box
        role="group"
        aria-label={`${title} periodic table`}
        sx={{
          height: '100%',
          display: 'grid',
          gridTemplateColumns: 'repeat(18, minmax(0, 1fr))',
          gridTemplateRows: 'repeat(10, minmax(0, 1fr))',
          gap: '2px',
        }}
      >
        {ELEMENTS.map((element) => {
          const count = counts.get(element.symbol) ?? 0;
          const isSelected = selected.some((value) => String(value) === element.symbol);
          // Known counts: an element without entries would only lead to no results.
          const disabled = response !== undefined && count === 0 && !isSelected;
          return (
            <ButtonBase
              key={element.symbol}
              aria-label={element.symbol}
              aria-pressed={isSelected}
              title={`${element.symbol}: ${formatCount(count)} entries`}
              disabled={disabled}
              onClick={() => setFilter(quantity, toggleTerm(selected, element.symbol))}
              // Per-element values inline: as sx they would make one style rule per element and count.
              style={{
                gridColumn: element.x,
                gridRow: element.y,
                ...(!isSelected && count > 0
                  ? {
                      backgroundColor: alpha(
                        theme.palette.secondary.main,
                        0.1 + 0.9 * toFraction(count, max),
                      ),
                    }
                  : {}),
              }}
              sx={{
                flexDirection: 'column',
                minWidth: 0,
                minHeight: 0,
                overflow: 'hidden',
                border: 1,
                borderRadius: 0.5,
                borderColor: isSelected ? 'primary.dark' : 'divider',
                bgcolor: isSelected ? 'primary.main' : 'action.disabledBackground',
                color: isSelected ? 'primary.contrastText' : disabled ? 'text.disabled' : 'text.primary',
              }}
            >
              <Typography component="span" sx={{ fontSize: '0.7rem', fontWeight: 600, lineHeight: 1.1 }}>
                {element.symbol}
              </Typography>
              {count > 0 ? (
                <Typography component="span" sx={{ fontSize: '0.5rem', lineHeight: 1 }}>
                  {formatCount(count)}
                </Typography>
              ) : null}
            </ButtonBase>
          );
        })}
      </Box>
    </WidgetCard>
  );
}
