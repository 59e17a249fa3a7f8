import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { isEmptySelection, selectionText, type Selection } from '../../components/table/selection.ts';

export interface TableToolbarProps {
  title: string;
  selection?: Selection;
  /** Always shown (reload, API, columns). */
  actions?: ReactNode;
  /** Shown while rows are selected (download, edit, delete). */
  selectionActions?: ReactNode;
}

/** A table's title row; with rows selected it says how many ('N selected', 'All selected', spec 1 §2.4). */
export function TableToolbar({ title, selection, actions, selectionActions }: TableToolbarProps) {
  const selecting = selection !== undefined && !isEmptySelection(selection);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        minHeight: 48,
        px: 1,
        bgcolor: selecting ? 'action.selected' : undefined,
        borderRadius: 1,
      }}
    >
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {selecting ? selectionText(selection) : title}
      </Typography>
      {selecting ? selectionActions : null}
      {actions}
    </Stack>
  );
}
