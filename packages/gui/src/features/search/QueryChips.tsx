import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReactElement } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { formatNumber } from '../../components/format.ts';
import {
  decodeCustomRow,
  isRange,
  useSearchFilters,
  type FilterDefinition,
  type FilterValue,
  type RangeValue,
} from './context/index.ts';
import { useQuantityUnit } from './dashboard/useQuantityUnit.ts';
import { OPERATOR_LABELS } from './menu/customQuantities.ts';

const RANGE_SIGNS = { gte: '≥', gt: '>', lte: '≤', lt: '<' } as const;

/** The current query as chips, one per value or range, each removable; locked filters are not. */
export function QueryChips() {
  const { filters, locked, definitions, setFilter, clearFilters } = useSearchFilters();
  const entries = Object.entries(filters);
  const lockedEntries = Object.entries(locked);
  if (entries.length === 0 && lockedEntries.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="query"
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {lockedEntries.map(([quantity, value]) => (
        <FilterChips
          key={`locked:${quantity}`}
          quantity={quantity}
          value={value}
          definition={definitions[quantity]}
        />
      ))}
      {entries.map(([quantity, value]) => (
        <FilterChips
          key={quantity}
          quantity={quantity}
          value={value}
          definition={definitions[quantity]}
          onChange={(next) => setFilter(quantity, next)}
        />
      ))}
      {entries.length > 0 ? (
        <Button size="small" onClick={clearFilters}>
          Clear all
        </Button>
      ) : null}
    </Stack>
  );
}

interface FilterChipsProps {
  quantity: string;
  value: FilterValue;
  definition: FilterDefinition | undefined;
  /** Absent for locked filters. */
  onChange?: (value: FilterValue | undefined) => void;
}

function FilterChips({ quantity, value, definition, onChange }: FilterChipsProps) {
  const label = definition?.label ?? quantity;
  const icon = onChange ? undefined : <LockOutlined aria-label="locked" />;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{label}:</Typography>
      {isRange(value) ? (
        <RangeChip
          value={value}
          definition={definition}
          icon={icon}
          onDelete={onChange ? () => onChange(undefined) : undefined}
        />
      ) : (
        value.map((item) => (
          <Chip
            key={String(item)}
            size="small"
            icon={icon}
            label={valueLabel(quantity, item)}
            onDelete={onChange ? () => onChange(value.filter((other) => other !== item)) : undefined}
          />
        ))
      )}
    </Stack>
  );
}

/** Custom quantity rows read 'id >= 2'; other values as they are. */
function valueLabel(quantity: string, value: string | number | boolean): string {
  if (quantity === 'custom_quantities') {
    const row = decodeCustomRow(value);
    if (row) return `${row.id} ${OPERATOR_LABELS[row.operator]} ${String(row.value)}`;
  }
  return String(value);
}

function RangeChip(props: {
  value: RangeValue;
  definition: FilterDefinition | undefined;
  icon: ReactElement | undefined;
  onDelete?: () => void;
}) {
  const { value, definition, icon, onDelete } = props;
  const unit = useQuantityUnit(definition);
  const timestamp = definition?.dtype === 'timestamp';
  const bound = (raw: number | string) => {
    if (timestamp || typeof raw === 'string') return String(raw);
    return formatNumber(unit.toDisplay(raw), { decimals: 3 });
  };
  const parts = (Object.keys(RANGE_SIGNS) as (keyof RangeValue)[])
    .filter((op) => value[op] !== undefined)
    .map((op) => `${RANGE_SIGNS[op]} ${bound(value[op]!)}`);
  const text = `${parts.join(', ')}${unit.label ? ` ${unit.label}` : ''}`;
  return <Chip size="small" icon={icon} label={text} onDelete={onDelete} />;
}
