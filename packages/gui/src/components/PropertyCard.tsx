import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FailureAlertBoundary } from './FailureBoundary.tsx';

/** The text of a card whose rendering failed (spec 3: entry page). */
const CARD_ERROR = 'Could not render card.';

/** A titled card of the overview's right column; a crash inside it replaces only this card. */
export function PropertyCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <CardErrorBoundary>{children}</CardErrorBoundary>
      </CardContent>
    </Card>
  );
}

/** A titled group of values inside a card. */
export function PropertySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Values side by side, as many columns as fit (of at least `minWidth` px). */
export function QuantityGrid({ children, minWidth = 160 }: { children: ReactNode; minWidth?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        columnGap: 2,
      }}
    >
      {children}
    </Box>
  );
}

/** Shows `message` ('Could not render card.' by default) in place of what it wraps when that throws. */
export const CardErrorBoundary = ({
  message = CARD_ERROR,
  children,
}: {
  message?: string;
  children: ReactNode;
}) => <FailureAlertBoundary message={message}>{children}</FailureAlertBoundary>;
