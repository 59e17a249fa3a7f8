import { ListItemButton, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** One row of an archive lane: a link opening the next lane, selected while that lane is open. */
export function ArchiveItem({
  itemKey,
  url,
  selected,
  label,
  secondary,
  title,
}: {
  itemKey: string;
  url: string;
  selected: boolean;
  label: ReactNode;
  secondary?: ReactNode;
  title?: string;
}) {
  return (
    <ListItemButton
      component={RouterLink}
      to={url}
      selected={selected}
      dense
      data-testid="lane-item"
      data-key={itemKey}
      title={title}
      sx={{ py: 0 }}
    >
      <ListItemText
        primary={label}
        secondary={secondary}
        slotProps={{
          primary: { noWrap: true, variant: 'body2' },
          secondary: { noWrap: true, variant: 'caption' },
        }}
      />
    </ListItemButton>
  );
}

/** A row of what only the definition names ('all defined'): shown, not openable. */
export function AbsentItem({ label, title }: { label: string; title?: string }) {
  return (
    <ListItemText
      primary={label}
      title={title}
      sx={{ px: 2, my: 0, color: 'text.disabled' }}
      slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
    />
  );
}
