import { Delete, OpenInNew } from '@mui/icons-material';
import { Box, Button, IconButton, List, ListItem, Tooltip, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface EditListProps {
  title: string;
  /** The inputs for what to add. */
  children: ReactNode;
  addLabel: string;
  addDisabled: boolean;
  onAdd: (() => void) | undefined;
  /** What the server said about this part of the last submit. */
  serverError?: string;
  /** The list's name. */
  listLabel: string;
  /** The listed items, each an EditListItem. */
  items: ReactNode;
}

/** A part of the metadata dialog: inputs and an add button above the list of what the entries have. */
export function EditList({
  title,
  children,
  addLabel,
  addDisabled,
  onAdd,
  serverError,
  listLabel,
  items,
}: EditListProps) {
  const headingId = useId();
  return (
    <Box sx={{ mt: 3 }} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 1 }}>
        <Button variant="contained" disabled={addDisabled} onClick={onAdd}>
          {addLabel}
        </Button>
      </Box>
      {serverError ? (
        <Typography color="error" variant="body2" role="alert">
          {serverError}
        </Typography>
      ) : null}
      <List dense aria-label={listLabel}>
        {items}
      </List>
    </Box>
  );
}

export interface EditListItemProps {
  /** Names the item in the buttons' labels ('Open …', 'Remove …'). */
  name: string;
  /** Where the item opens in a new tab: a page of the app or an outside URL; no link without it. */
  open?: { to: string } | { href: string };
  removeTooltip: string;
  removeDisabled?: boolean;
  onRemove: () => void;
  /** The item's text (a ListItemText). */
  children: ReactNode;
}

/** An item of an EditList with buttons to open it and to take it out. */
export function EditListItem({
  name,
  open,
  removeTooltip,
  removeDisabled,
  onRemove,
  children,
}: EditListItemProps) {
  const openLabel = `Open ${name}`;
  return (
    <ListItem
      divider
      secondaryAction={
        <>
          {open === undefined ? null : (
            <Tooltip title="Open in new tab">
              {'to' in open ? (
                <IconButton
                  size="small"
                  aria-label={openLabel}
                  component={RouterLink}
                  to={open.to}
                  target="_blank"
                >
                  <OpenInNew />
                </IconButton>
              ) : (
                <IconButton
                  size="small"
                  aria-label={openLabel}
                  href={open.href}
                  target="_blank"
                  rel="noreferrer"
                >
                  <OpenInNew />
                </IconButton>
              )}
            </Tooltip>
          )}
          <Tooltip title={removeTooltip}>
            <span>
              <IconButton
                size="small"
                aria-label={`Remove ${name}`}
                disabled={removeDisabled}
                onClick={onRemove}
              >
                <Delete />
              </IconButton>
            </span>
          </Tooltip>
        </>
      }
    >
      {children}
    </ListItem>
  );
}
