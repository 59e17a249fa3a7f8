import { Box, ButtonBase, Tooltip, Typography } from '@mui/material';
import { formatNumber } from '../../../components/format.ts';
import { isRange, useAggregation, useSearchContext } from '../context/index.ts';
import { chosenRange, histogramBars, minMaxRange, rangeFilter, xRange, type Bar } from './histogramData.ts';
import { RangeControls } from './RangeControls.tsx';
import { scaler } from './scale.ts';
import type { HistogramWidgetConfig } from './types.ts';
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
  const range = xRange(bars, minMaxRange(minMax, unit), widget.autorange ?? false);
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
              showInput={widget.show_input ?? true}
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

function inside(bar: Bar, chosen: { min?: number; max?: number } | undefined): boolean {
  if (!chosen) return false;
  return (
    (chosen.min === undefined || bar.end > chosen.min) && (chosen.max === undefined || bar.start < chosen.max)
  );
}

function HistogramBar(props: {
  bar: Bar;
  range: [number, number];
  fraction: number;
  selected: boolean;
  label: string;
  onClick: () => void;
}) {
  const { bar, range, fraction, selected, label, onClick } = props;
  const span = range[1] - range[0] || 1;
  const left = Math.max(0, (bar.start - range[0]) / span);
  const right = Math.min(1, (bar.end - range[0]) / span);
  if (right <= left) return null;
  return (
    <Tooltip title={label} enterDelay={400}>
      <ButtonBase
        aria-label={label}
        aria-pressed={selected}
        onClick={onClick}
        sx={{
          position: 'absolute',
          bottom: 0,
          left: `${left * 100}%`,
          width: `${(right - left) * 100}%`,
          height: `${fraction * 100}%`,
          minHeight: bar.count > 0 ? 2 : 0,
          bgcolor: selected ? 'primary.main' : 'secondary.main',
          opacity: selected ? 1 : 0.7,
          borderLeft: '1px solid',
          borderColor: 'background.paper',
          '&:hover': { opacity: 1 },
        }}
      />
    </Tooltip>
  );
}
