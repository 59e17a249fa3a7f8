import { Typography } from '@mui/material';

/** A menu item names a quantity this installation does not offer as a filter. */
export function MissingQuantity({ quantity }: { quantity: string }) {
  return (
    <Typography variant="body2" color="error" sx={{ py: 0.5 }}>
      The quantity "{quantity}" is not available.
    </Typography>
  );
}
