import type { TermsWidgetConfig } from '@oasis/schema';
import { Autocomplete, Box, ButtonBase, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAggregation, useSearchContext } from '../context/index.ts';
import { termRows, termsItems, toggleTerm, type TermValue } from './termsData.ts';
import { WIDGET_HEADER_HEIGHT, WidgetCard } from './WidgetCard.tsx';
import { chosenValues, formatCount, widgetTitle, type WidgetProps } from './widgetProps.ts';

const INPUT_HEIGHT = 48;

/** Counts of the most frequent values of a quantity; clicking a value toggles it in the filter. */
export function TermsWidget({ widget, height, onEdit, onRemove }: WidgetProps<TermsWidgetConfig>) {
  const { definitions, filters, setFilter, setQueryMode } = useSearchContext();
  const quantity = widget.search_quantity;
  // 'and' combines the chosen values as all, 'or' as any (spec 2 §4); without a mode the filter's own holds.
  const mode = widget.query_mode === 'and' ? 'all' : widget.query_mode === 'or' ? 'any' : undefined;
  useEffect(() => {
    if (!mode) return undefined;
    setQueryMode(quantity, mode);
    return () => setQueryMode(quantity, undefined);
  }, [quantity, mode, setQueryMode]);
  const definition = definitions[quantity];
  const showInput = widget.show_input;
  const items = termsItems(height - WIDGET_HEADER_HEIGHT - (showInput ? INPUT_HEIGHT : 0));
  const response = useAggregation(`${quantity}:${widget.id}`, { terms: { quantity, size: items } });
  const selected = chosenValues(filters[quantity]);
  const rows = termRows(response, selected, items, widget.scale);
  const toggle = (value: TermValue) => setFilter(quantity, toggleTerm(selected, value));
  const title = widgetTitle(widget.title, definition, quantity);

  return (
    <WidgetCard title={title} description={widget.description} onEdit={onEdit} onRemove={onRemove}>
      {showInput ? (
        <TermInput
          label={`Search ${title.toLowerCase()}`}
          options={definition?.options ?? rows.map((row) => String(row.value))}
          onAdd={(text) => {
            const value = definition?.dtype === 'boolean' ? text.toLowerCase() === 'true' : text;
            if (!selected.some((item) => String(item) === String(value))) toggle(value);
          }}
        />
      ) : null}
      {response && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          No options available with current query.
        </Typography>
      ) : null}
      <Box role="list" aria-label={`${title} values`}>
        {rows.map((row) => (
          <ButtonBase
            key={String(row.value)}
            role="checkbox"
            aria-checked={row.selected}
            aria-label={String(row.value)}
            onClick={() => toggle(row.value)}
            sx={{
              position: 'relative',
              width: '100%',
              height: 34,
              justifyContent: 'space-between',
              px: 1,
              borderRadius: 0.5,
              border: 1,
              borderColor: row.selected ? 'primary.main' : 'transparent',
            }}
          >
            <Box
              aria-hidden
              style={{ width: `${row.fraction * 100}%` }}
              sx={{
                position: 'absolute',
                inset: '4px auto 4px 0',
                bgcolor: row.selected ? 'primary.light' : 'action.selected',
                borderRadius: 0.5,
              }}
            />
            <Typography variant="body2" noWrap sx={{ position: 'relative', minWidth: 0 }}>
              {String(row.value)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ position: 'relative', pl: 1 }}>
              {row.count > 0 ? formatCount(row.count) : ''}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
    </WidgetCard>
  );
}

function TermInput({
  label,
  options,
  onAdd,
}: {
  label: string;
  options: readonly string[];
  onAdd: (value: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      inputValue={text}
      value={null}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, value) => {
        if (typeof value === 'string' && value.trim() !== '') onAdd(value.trim());
        setText('');
      }}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" />}
      sx={{ height: INPUT_HEIGHT }}
    />
  );
}
