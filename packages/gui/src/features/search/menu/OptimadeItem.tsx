import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { isRange, useSearchFilters } from '../context/index.ts';
import { ItemHeader } from './ItemHeader.tsx';
import {
  combineRows,
  OPTIMADE_DEBOUNCE_MS,
  optimadeError,
  verifyRequest,
  type OptimadeRow,
} from './optimade.ts';

const QUANTITY = 'optimade_filter';
const emptyRow = (): OptimadeRow => ({ text: '', status: 'empty' });

/**
 * OPTIMADE filters, one per row. Each row is verified with the server 500 ms after typing stops; valid
 * rows are applied, an invalid one only when the user insists with Enter (after a re-check).
 */
export function OptimadeItem({ title, showHeader }: { title?: string; showHeader?: boolean }) {
  const api = useApi();
  const { filters, setFilter } = useSearchFilters();
  const current = filters[QUANTITY];
  const applied = current && !isRange(current) && typeof current[0] === 'string' ? current[0] : undefined;
  const [rows, setRows] = useState<OptimadeRow[]>(() => [
    applied ? { text: applied, status: 'valid' } : emptyRow(),
  ]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const apply = useCallback(
    (next: readonly OptimadeRow[], forced?: number) => {
      const texts = next
        .filter((row, index) => row.status === 'valid' || index === forced)
        .map((row) => row.text);
      const filter = combineRows(texts);
      if (filter !== applied) setFilter(QUANTITY, filter ? [filter] : undefined);
    },
    [applied, setFilter],
  );

  const verify = useCallback(
    async (index: number, text: string, forced: boolean) => {
      let result: OptimadeRow;
      try {
        await api.call('entriesQuery', { body: verifyRequest(text) }, { noLoading: true });
        result = { text, status: 'valid' };
      } catch (error) {
        result = { text, status: 'invalid', error: optimadeError(error) };
      }
      // The row may have changed while the server was asked: only the latest text counts.
      if (rowsRef.current[index]?.text !== text) return;
      const next = rowsRef.current.map((row, i) => (i === index ? result : row));
      setRows(next);
      apply(next, forced ? index : undefined);
    },
    [api, apply],
  );

  const change = (index: number, text: string) =>
    setRows((previous) =>
      previous.map((row, i) => (i === index ? { text, status: text.trim() ? 'checking' : 'empty' } : row)),
    );

  return (
    <Box>
      {showHeader !== false ? (
        <ItemHeader title={title ?? 'OPTIMADE'} description="Filters in the OPTIMADE filter language" />
      ) : null}
      {rows.map((row, index) => (
        <OptimadeField
          key={index}
          row={row}
          index={index}
          onChange={(text) => change(index, text)}
          onVerify={(forced) => void verify(index, row.text, forced)}
          onEmpty={() => apply(rowsRef.current)}
          onRemove={
            rows.length > 1
              ? () => {
                  const next = rows.filter((_, i) => i !== index);
                  setRows(next);
                  apply(next);
                }
              : undefined
          }
        />
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...rows, emptyRow()])}>
        Add filter
      </Button>
    </Box>
  );
}

interface FieldProps {
  row: OptimadeRow;
  index: number;
  onChange(text: string): void;
  onVerify(forced: boolean): void;
  onEmpty(): void;
  onRemove?: () => void;
}

function OptimadeField({ row, index, onChange, onVerify, onEmpty, onRemove }: FieldProps) {
  const verifyRef = useRef(onVerify);
  verifyRef.current = onVerify;
  const emptyRef = useRef(onEmpty);
  emptyRef.current = onEmpty;
  useEffect(() => {
    if (row.status === 'empty') {
      emptyRef.current();
      return;
    }
    if (row.status !== 'checking') return;
    const timer = setTimeout(() => verifyRef.current(false), OPTIMADE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [row.text, row.status]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, my: 0.5 }}>
      <TextField
        size="small"
        fullWidth
        multiline
        placeholder='e.g. elements HAS ALL "Si", "O"'
        value={row.text}
        error={row.status === 'invalid'}
        helperText={row.status === 'invalid' ? row.error : undefined}
        slotProps={{ htmlInput: { 'aria-label': `OPTIMADE filter ${index + 1}` } }}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (row.text.trim()) onVerify(true);
          }
        }}
      />
      {onRemove ? (
        <IconButton size="small" aria-label={`Remove OPTIMADE filter ${index + 1}`} onClick={onRemove}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}
