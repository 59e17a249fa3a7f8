import { Box, Button, Checkbox, FormControlLabel, Tooltip, Typography } from '@mui/material';
import type { TermsItemConfig } from '@oasis/schema';
import { useState } from 'react';
import { abbreviateNumber } from '../../../components/format.ts';
import { isRange, useAggregation, useSearchFilters } from '../context/index.ts';
import { ItemHeader } from './ItemHeader.tsx';
import { WidgetToggleButton } from './WidgetToggleButton.tsx';
import { MissingQuantity } from './MissingQuantity.tsx';
import {
  DEFAULT_TERMS_OPTIONS,
  exhausted,
  initialOptionCount,
  termOptions,
  termsAggregation,
  toggleValue,
  type TermValue,
} from './terms.ts';
import { TermsInput } from './TermsInput.tsx';

/**
 * A terms filter: the most frequent values with their counts as checkboxes (more/less), and with
 * show_input a text field with suggestions. Checking values sets the filter to them.
 */
export function TermsItem({ config }: { config: TermsItemConfig }) {
  const { definitions } = useSearchFilters();
  const definition = definitions[config.search_quantity];
  if (!definition) return <MissingQuantity quantity={config.search_quantity} />;
  return <TermsFilter config={config} />;
}

function TermsFilter({ config }: { config: TermsItemConfig }) {
  const { definitions, filters, setFilter } = useSearchFilters();
  const quantity = config.search_quantity;
  const definition = definitions[quantity]!;
  const initial = initialOptionCount(config);
  const [shown, setShown] = useState(initial);
  const listsOptions = shown > 0 || typeof config.options === 'object';
  const aggregation = termsAggregation(config, definition, shown);
  const response = useAggregation(`${quantity}:menu`, aggregation, {
    enabled: listsOptions && definition.aggregatable,
  });
  const filter = filters[quantity];
  const selected: readonly TermValue[] = filter && !isRange(filter) ? filter : [];
  const options = termOptions(config, definition, response, selected, shown);
  const size = (aggregation.terms?.size as number | undefined) ?? shown;
  const noMore = exhausted(response, size, options.length);
  const set = (values: readonly TermValue[]) => setFilter(quantity, values.length > 0 ? values : undefined);
  const title = config.title ?? definition.label;
  const expandable =
    typeof config.options !== 'object' &&
    initial > 0 &&
    !(definition.options && config.options === undefined);

  return (
    <Box>
      {config.show_header !== false ? (
        <ItemHeader
          title={title}
          description={definition.description}
          actions={<WidgetToggleButton quantity={quantity} />}
        />
      ) : null}
      {config.show_input ? (
        <TermsInput
          definition={definition}
          label={title}
          onAdd={(value) =>
            set(selected.some((item) => String(item) === String(value)) ? selected : [...selected, value])
          }
        />
      ) : null}
      {listsOptions ? (
        <Box
          role="group"
          aria-label={title}
          sx={{ display: 'grid', gridTemplateColumns: `repeat(${config.n_columns ?? 1}, 1fr)` }}
        >
          {options.map((option) => (
            <FormControlLabel
              key={String(option.value)}
              sx={{ mr: 0, minWidth: 0, '& .MuiFormControlLabel-label': { flexGrow: 1, minWidth: 0 } }}
              control={
                <Checkbox
                  size="small"
                  checked={option.selected}
                  onChange={() => set(toggleValue(selected, option.value))}
                />
              }
              label={
                <Tooltip title={option.description ?? ''} enterDelay={400}>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Typography variant="body2" noWrap sx={{ flexGrow: 1 }}>
                      {option.label}
                    </Typography>
                    {option.count !== undefined && config.show_statistics !== false ? (
                      <Typography variant="body2" color="text.secondary">
                        {abbreviateNumber(option.count)}
                      </Typography>
                    ) : null}
                  </Box>
                </Tooltip>
              }
            />
          ))}
        </Box>
      ) : null}
      {listsOptions && definition.aggregatable && !response ? (
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      ) : null}
      {listsOptions && response && options.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No options available with current query.
        </Typography>
      ) : null}
      {expandable && response && options.length > 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          {shown > initial ? (
            <Button size="small" onClick={() => setShown(initial)}>
              Show less
            </Button>
          ) : null}
          <Tooltip title={noMore ? 'No more values available' : ''}>
            <span>
              <Button
                size="small"
                disabled={noMore}
                onClick={() => setShown(shown + Math.max(initial, DEFAULT_TERMS_OPTIONS))}
              >
                Show more
              </Button>
            </span>
          </Tooltip>
        </Box>
      ) : null}
    </Box>
  );
}
