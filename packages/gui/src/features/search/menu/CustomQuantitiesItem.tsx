import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Autocomplete, Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import {
  decodeCustomRow,
  encodeCustomRow,
  isRange,
  useSearchFilters,
  type CustomOperator,
} from '../context/index.ts';
import {
  customQuantitiesRequest,
  NO_CUSTOM_QUANTITIES,
  OPERATOR_LABELS,
  operatorsFor,
  readCustomQuantities,
  rowComplete,
  toFilterRow,
  type CustomQuantity,
  type DraftRow,
} from './customQuantities.ts';
import { ItemHeader } from './ItemHeader.tsx';

const QUANTITY = 'custom_quantities';
const emptyRow = (): DraftRow => ({ id: '', operator: 'search', value: '' });

/**
 * Searches quantities that user schemas define (ELN, NeXus): rows of quantity, operator and value,
 * applied together with 'Update search' once every row is complete.
 */
export function CustomQuantitiesItem({ title, showHeader }: { title?: string; showHeader?: boolean }) {
  const api = useApi();
  const { filters, setFilter } = useSearchFilters();
  // Loaded once per page (spec 2 §4): the list changes only when new schemas are uploaded.
  const list = useQuery({
    queryKey: ['custom-quantities'],
    queryFn: async () =>
      readCustomQuantities(
        await api.call('entriesQuery', { body: customQuantitiesRequest() }, { noLoading: true }),
      ),
    staleTime: Infinity,
  });
  const current = filters[QUANTITY];
  const [rows, setRows] = useState<DraftRow[]>(() => {
    const decoded =
      current && !isRange(current) ? current.map(decodeCustomRow).filter((row) => row !== undefined) : [];
    return decoded.length > 0
      ? decoded.map((row) => ({ id: row.id, operator: row.operator, value: String(row.value) }))
      : [emptyRow()];
  });
  const quantities = list.data ?? [];
  const typed = rows.map((row) => toFilterRow(row, quantities));
  const ready = rows.every(rowComplete) && typed.every((row) => row !== undefined);
  const update = (index: number, change: Partial<DraftRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <Box>
      {showHeader !== false ? (
        <ItemHeader
          title={title ?? 'Custom quantities'}
          description="Quantities defined by the schemas of uploaded data"
        />
      ) : null}
      {list.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      ) : quantities.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {NO_CUSTOM_QUANTITIES}
        </Typography>
      ) : (
        <>
          {rows.map((row, index) => (
            <CustomRow
              key={index}
              index={index}
              row={row}
              quantities={quantities}
              invalid={rowComplete(row) && typed[index] === undefined}
              onChange={(change) => update(index, change)}
              onRemove={rows.length > 1 ? () => setRows(rows.filter((_, i) => i !== index)) : undefined}
            />
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...rows, emptyRow()])}>
              Add quantity
            </Button>
            <Button
              size="small"
              variant="contained"
              disabled={!ready}
              onClick={() =>
                setFilter(
                  QUANTITY,
                  typed.flatMap((row) => (row ? [encodeCustomRow(row)] : [])),
                )
              }
            >
              Update search
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}

interface RowProps {
  index: number;
  row: DraftRow;
  quantities: readonly CustomQuantity[];
  invalid: boolean;
  onChange(change: Partial<DraftRow>): void;
  onRemove?: () => void;
}

function CustomRow({ index, row, quantities, invalid, onChange, onRemove }: RowProps) {
  const quantity = quantities.find((item) => item.id === row.id);
  const operators = operatorsFor(quantity?.field);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', my: 0.5 }}>
      <Autocomplete
        size="small"
        sx={{ flex: 3, minWidth: 0 }}
        options={quantities.map((item) => item.id)}
        value={row.id || null}
        onChange={(_event, id) => {
          const field = quantities.find((item) => item.id === id)?.field;
          onChange({
            id: id ?? '',
            operator: operatorsFor(field).includes(row.operator) ? row.operator : 'search',
          });
        }}
        renderInput={(params) => <TextField {...params} label="Quantity" />}
      />
      <TextField
        select
        size="small"
        label="Operator"
        value={row.operator}
        onChange={(event) => onChange({ operator: event.target.value as CustomOperator })}
        sx={{ flex: 1, minWidth: '4.5rem' }}
        slotProps={{ htmlInput: { 'aria-label': `Operator ${index + 1}` } }}
      >
        {operators.map((operator) => (
          <MenuItem key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Value"
        value={row.value}
        error={invalid}
        helperText={
          invalid ? `Invalid value for the metainfo ${row.id}. Please check your syntax.` : undefined
        }
        onChange={(event) => onChange({ value: event.target.value })}
        sx={{ flex: 2, minWidth: 0 }}
        slotProps={{ htmlInput: { 'aria-label': `Value ${index + 1}` } }}
      />
      {onRemove ? (
        <IconButton size="small" aria-label={`Remove quantity ${index + 1}`} onClick={onRemove}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}
