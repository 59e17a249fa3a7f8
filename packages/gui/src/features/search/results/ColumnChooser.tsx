import ViewColumn from '@mui/icons-material/ViewColumn';
import { Checkbox, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { ResultColumn } from './columns.ts';

/** Adds and removes columns of the results table (spec 1 §2.4 column chooser). */
export function ColumnChooser(props: {
  columns: readonly ResultColumn[];
  shown: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const { columns, shown, onToggle } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Change the shown columns">
        <IconButton
          size="small"
          aria-label="Change the shown columns"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumn />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem
            key={column.key}
            dense
            role="menuitemcheckbox"
            aria-checked={shown.has(column.key)}
            onClick={() => onToggle(column.key)}
          >
            <ListItemIcon>
              <Checkbox
                size="small"
                edge="start"
                checked={shown.has(column.key)}
                tabIndex={-1}
                disableRipple
              />
            </ListItemIcon>
            <ListItemText primary={column.title} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
