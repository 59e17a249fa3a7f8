import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { HistogramItemConfig } from '@oasis/schema';
import { abbreviateNumber, formatNumber } from '../../../components/format.ts';
import { isRange, useAggregation, useSearchFilters, type FilterDefinition } from '../context/index.ts';
import { HistogramBar, inside } from '../dashboard/HistogramBar.tsx';
import { chosenRange, histogramBars, minMaxRange, xRange } from '../dashboard/histogramData.ts';
import { RangeControls } from '../dashboard/RangeControls.tsx';
import { scaler } from '../dashboard/scale.ts';
import { useQuantityUnit } from '../dashboard/useQuantityUnit.ts';
import { ItemHeader } from './ItemHeader.tsx';
import { WidgetToggleButton } from './WidgetToggleButton.tsx';
import { MissingQuantity } from './MissingQuantity.tsx';
import { boundedRange, flagsOf, histogramAggregation, type BoundFlags } from './range.ts';

const axisOf = (config: HistogramItemConfig) =>
  typeof config.x === 'string' ? { search_quantity: config.x } : config.x;

/**
 * A range filter over a numeric or date quantity: entry counts in bins (click a bar to choose it), a
 * slider committed on release and, with show_input, minimum and maximum fields committed on Enter or
 * blur. Values are shown in the selected unit system; bounds may be inclusive or exclusive.
 */
export function HistogramItem({ config }: { config: HistogramItemConfig }) {
  const { definitions } = useSearchFilters();
  const quantity = axisOf(config).search_quantity;
  const definition = definitions[quantity];
  if (!definition) return <MissingQuantity quantity={quantity} />;
  return <HistogramFilter config={config} definition={definition} />;
}

function HistogramFilter({
  config,
  definition,
}: {
  config: HistogramItemConfig;
  definition: FilterDefinition;
}) {
  const { filters, setFilter } = useSearchFilters();
  const axis = axisOf(config);
  const quantity = definition.quantity;
  const timestamp = definition.dtype === 'timestamp';
  const unit = useQuantityUnit(definition, axis.unit);
  const histogram = useAggregation(
    `${quantity}:menu_histogram`,
    histogramAggregation(definition, config.nbins),
  );
  const limits = useAggregation(`${quantity}:menu_min_max`, { min_max: { quantity } });
  const bars = histogramBars(histogram, unit);
  const range = xRange(bars, minMaxRange(limits, unit), config.autorange ?? false);
  const filter = filters[quantity];
  const value = filter && isRange(filter) ? filter : undefined;
  const chosen = chosenRange(value, unit);
  const flags = flagsOf(value);
  const format = (number: number) =>
    timestamp ? new Date(number).toISOString().slice(0, 10) : formatNumber(number, { decimals: 3 });
  const commit = (min: number, max: number, bounds: BoundFlags = flags) =>
    setFilter(quantity, boundedRange(min, max, bounds, timestamp, unit));
  const setFlags = (next: BoundFlags) => {
    if (chosen?.min !== undefined && chosen.max !== undefined) commit(chosen.min, chosen.max, next);
  };
  const toFraction = scaler(config.y?.scale ?? 'linear');
  const maxCount = bars.reduce((max, bar) => Math.max(max, bar.count), 0);
  const title = axis.title ?? config.title ?? definition.label;

  return (
    <Box>
      {config.show_header !== false ? (
        <ItemHeader
          title={title}
          description={definition.description}
          unit={unit.label || undefined}
          actions={<WidgetToggleButton quantity={quantity} />}
        />
      ) : null}
      {!histogram ? (
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      ) : bars.every((bar) => bar.count === 0) && !range ? (
        <Typography variant="body2" color="text.secondary">
          No options available with current query.
        </Typography>
      ) : null}
      {range ? (
        <>
          <Box
            role="group"
            aria-label={`${title} histogram`}
            sx={{ position: 'relative', height: 64, borderBottom: 1, borderColor: 'divider' }}
          >
            {bars.map((bar, index) => (
              <HistogramBar
                key={bar.start}
                bar={bar}
                range={range}
                fraction={toFraction(bar.count, maxCount)}
                selected={inside(bar, chosen)}
                label={`${format(bar.start)} - ${format(bar.end)}: ${abbreviateNumber(bar.count)}`}
                // Adjacent bars share a bound: a bar's own upper end is excluded, except for the last.
                onClick={() =>
                  commit(bar.start, bar.end, { minExclusive: false, maxExclusive: index < bars.length - 1 })
                }
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography variant="caption">{format(range[0])}</Typography>
            <Typography variant="caption">{format(range[1])}</Typography>
          </Box>
          <RangeControls
            range={range}
            chosen={chosen}
            timestamp={timestamp}
            integer={definition.dtype === 'int'}
            showInput={config.show_input ?? true}
            unitLabel={unit.label}
            format={format}
            onCommit={(min, max) => commit(min, max)}
          />
          {value ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={!flags.minExclusive}
                    onChange={() => setFlags({ ...flags, minExclusive: !flags.minExclusive })}
                  />
                }
                label={<Typography variant="caption">Include minimum</Typography>}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={!flags.maxExclusive}
                    onChange={() => setFlags({ ...flags, maxExclusive: !flags.maxExclusive })}
                  />
                }
                label={<Typography variant="caption">Include maximum</Typography>}
              />
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
