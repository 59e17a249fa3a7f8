import { Box, Typography } from '@mui/material';
import type { PeriodicTableItemConfig } from '@oasis/schema';
import { isRange, useAggregation, useSearchFilters } from '../context/index.ts';
import { ELEMENTS } from '../elements.ts';
import { PeriodicTable } from '../PeriodicTable.tsx';
import { ItemHeader } from './ItemHeader.tsx';
import { WidgetToggleButton } from './WidgetToggleButton.tsx';
import { MissingQuantity } from './MissingQuantity.tsx';
import { toggleValue } from './terms.ts';

/** A periodic table choosing the elements an entry must contain, with entry counts per element. */
export function PeriodicTableItem({ config }: { config: PeriodicTableItemConfig }) {
  const { definitions, filters, setFilter } = useSearchFilters();
  const quantity = config.search_quantity;
  const definition = definitions[quantity];
  const response = useAggregation(
    `${quantity}:menu`,
    { terms: { quantity, size: ELEMENTS.length } },
    { enabled: definition !== undefined },
  );
  if (!definition) return <MissingQuantity quantity={quantity} />;
  const filter = filters[quantity];
  const selected = filter && !isRange(filter) ? filter.map(String) : [];
  const counts = response?.terms
    ? new Map(response.terms.data.map((bucket) => [String(bucket.value), bucket.count]))
    : undefined;
  const title = config.title ?? definition.label;
  return (
    <Box>
      {config.show_header !== false ? (
        <ItemHeader
          title={title}
          description={definition.description}
          actions={<WidgetToggleButton quantity={quantity} />}
        />
      ) : null}
      <PeriodicTable
        selected={selected}
        counts={counts}
        onToggle={(symbol) => {
          const next = toggleValue(selected, symbol);
          setFilter(quantity, next.length > 0 ? next : undefined);
        }}
      />
      {selected.length > 1 ? (
        <Typography variant="caption" color="text.secondary">
          Entries contain all chosen elements.
        </Typography>
      ) : null}
    </Box>
  );
}
