import ViewColumn from '@mui/icons-material/ViewColumn';
import { Checkbox, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';

interface ChoosableColumn {
  key: string;
  label: string;
}

/** Adds and removes columns of a table (spec 1 §2.4 column chooser). */
export function ColumnChooser(props: {
  columns: readonly ChoosableColumn[];
  shown: ReadonlySet<string>;
  onToggle: (key: string) => void;
  size?: 'small' | 'medium';
}) {
  const { columns, shown, onToggle, size } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Change the shown columns">
        <IconButton
          size={size}
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
            <ListItemText primary={column.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
