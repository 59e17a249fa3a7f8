import type { HistogramWidgetConfig } from '@oasis/schema';
import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../../components/format.ts';
import { isRange, useAggregation, useSearchContext } from '../context/index.ts';
import { HistogramBar, inside } from './HistogramBar.tsx';
import { chosenRange, histogramBars, minMaxRange, rangeFilter, xRange } from './histogramData.ts';
import { RangeControls } from './RangeControls.tsx';
import { scaler } from './scale.ts';
import { useQuantityUnit } from './useQuantityUnit.ts';
import { WidgetCard } from './WidgetCard.tsx';
import { formatCount, widgetTitle, type WidgetProps } from './widgetProps.ts';

/**
 * Entry counts over a numeric or date quantity in `nbins` buckets. Clicking a bar, dragging the slider
 * or typing bounds sets a gte/lte filter.
 */
export function HistogramWidget({ widget, onEdit, onRemove }: WidgetProps<HistogramWidgetConfig>) {
  const { definitions, filters, setFilter } = useSearchContext();
  const quantity = widget.x.search_quantity;
  const definition = definitions[quantity];
  const timestamp = definition?.dtype === 'timestamp';
  const unit = useQuantityUnit(definition, widget.x.unit);
  const histogram = useAggregation(`${quantity}:${widget.id}:histogram`, {
    histogram: { quantity, buckets: widget.nbins },
  });
  const minMax = useAggregation(`${quantity}:${widget.id}:min_max`, { min_max: { quantity } });

  const bars = histogramBars(histogram, unit);
  const range = xRange(bars, minMaxRange(minMax, unit), widget.autorange);
  const filter = filters[quantity];
  const chosen = chosenRange(filter && isRange(filter) ? filter : undefined, unit);
  const format = (value: number) =>
    timestamp ? new Date(value).toISOString().slice(0, 10) : formatNumber(value, { decimals: 3 });
  const commit = (min: number, max: number) => setFilter(quantity, rangeFilter(min, max, timestamp, unit));
  const toFraction = scaler(widget.y.scale);
  const maxCount = bars.reduce((max, bar) => Math.max(max, bar.count), 0);
  const title = widgetTitle(widget.title, definition, quantity, widget.x.title);
  const axisLabel = unit.label ? `${title} (${unit.label})` : title;

  return (
    <WidgetCard title={title} description={widget.description} onEdit={onEdit} onRemove={onRemove}>
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <Box
          role="group"
          aria-label={`${axisLabel} histogram`}
          sx={{ position: 'relative', flexGrow: 1, minHeight: 24, borderBottom: 1, borderColor: 'divider' }}
        >
          {range
            ? bars.map((bar) => (
                <HistogramBar
                  key={bar.start}
                  bar={bar}
                  range={range}
                  fraction={toFraction(bar.count, maxCount)}
                  selected={inside(bar, chosen)}
                  label={`${format(bar.start)} - ${format(bar.end)}: ${formatCount(bar.count)}`}
                  onClick={() => commit(bar.start, bar.end)}
                />
              ))
            : null}
          {histogram && bars.every((bar) => bar.count === 0) ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
              No options available with current query.
            </Typography>
          ) : null}
        </Box>
        {range ? (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="caption">{format(range[0])}</Typography>
              <Typography variant="caption" color="text.secondary">
                {axisLabel}
              </Typography>
              <Typography variant="caption">{format(range[1])}</Typography>
            </Box>
            <RangeControls
              range={range}
              chosen={chosen}
              timestamp={timestamp}
              integer={definition?.dtype === 'int'}
              showInput={widget.show_input}
              unitLabel={unit.label}
              format={format}
              onCommit={commit}
            />
          </>
        ) : null}
      </Box>
    </WidgetCard>
  );
}
