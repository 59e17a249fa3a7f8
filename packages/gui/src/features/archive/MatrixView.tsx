import { Box, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { formatArchiveNumber, formatScalar, matrixLayout, shapeOf } from './format.ts';
import { MATRIX_ROW_HEIGHT } from './limits.ts';

const OVERSCAN = 5;

/**
 * A numeric array as a table: at most 300 px high, rows of 24 px, columns at least 92 px wide (spec 3
 * §9). Only the rows in view are drawn, so arrays of any length stay cheap. Arrays of more than two
 * dimensions show one matrix at a time, chosen by the leading indexes.
 */
export function MatrixView({ value, integer = false }: { value: unknown; integer?: boolean }) {
  const shape = shapeOf(value);
  const [leading, setLeading] = useState<number[]>(() => shape.slice(0, -2).map(() => 0));
  const [scrollTop, setScrollTop] = useState(0);
  let matrix: unknown = value;
  for (const index of leading) matrix = Array.isArray(matrix) ? matrix[index] : undefined;
  const rows: readonly unknown[] = Array.isArray(matrix) ? matrix : [];
  const columnCount = shape.length >= 2 ? (shape[shape.length - 1] ?? 1) : 1;
  const layout = matrixLayout(rows.length, columnCount);
  const first = Math.max(0, Math.floor(scrollTop / MATRIX_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, first + Math.ceil(layout.height / MATRIX_ROW_HEIGHT) + 2 * OVERSCAN);
  const cell = (item: unknown) =>
    typeof item === 'number' ? formatArchiveNumber(item, integer) : formatScalar(item);

  return (
    <Box>
      {leading.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          {leading.map((index, dimension) => (
            <TextField
              key={dimension}
              size="small"
              type="number"
              label={`index ${dimension}`}
              value={index}
              slotProps={{ htmlInput: { min: 0, max: (shape[dimension] ?? 1) - 1 } }}
              onChange={(event) => {
                const next = Math.min(
                  Math.max(0, Number(event.target.value) || 0),
                  (shape[dimension] ?? 1) - 1,
                );
                setLeading(leading.map((old, i) => (i === dimension ? next : old)));
              }}
              sx={{ width: 92 }}
            />
          ))}
        </Stack>
      ) : null}
      <Box
        data-testid="matrix-view"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        sx={{ maxHeight: layout.height, height: layout.height, overflow: 'auto', position: 'relative' }}
      >
        <Box sx={{ height: rows.length * MATRIX_ROW_HEIGHT, width: layout.width, position: 'relative' }}>
          {rows.slice(first, last).map((row, offset) => (
            <Box
              key={first + offset}
              sx={{ position: 'absolute', top: (first + offset) * MATRIX_ROW_HEIGHT, display: 'flex' }}
            >
              {(Array.isArray(row) ? row : [row]).map((item: unknown, column) => (
                <Typography
                  key={column}
                  variant="body2"
                  noWrap
                  sx={{
                    width: layout.columnWidth,
                    height: MATRIX_ROW_HEIGHT,
                    lineHeight: `${MATRIX_ROW_HEIGHT}px`,
                    px: 0.5,
                  }}
                >
                  {cell(item)}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {shape.join(' × ')}
      </Typography>
    </Box>
  );
}
