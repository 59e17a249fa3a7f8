import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Tooltip, Typography } from '@mui/material';
import { NO_REFERENCE_WARNING } from './plotParts.ts';

/** Says what the energies of the electronic plots are relative to. */
export const ENERGY_REFERENCE_NOTE =
  'Energies are relative to the highest occupied energy (dashed line); a warning icon marks a plot where it is unknown.';

/**
 * Above a band structure or DOS: a warning icon (its tooltip saying why) when the energies could not
 * be shifted to the highest occupied energy, nothing otherwise.
 */
export function NoReferenceIcon({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', height: 0, position: 'relative', zIndex: 1 }}>
      <Tooltip title={NO_REFERENCE_WARNING}>
        <WarningAmberIcon color="warning" fontSize="small" titleAccess={NO_REFERENCE_WARNING} />
      </Tooltip>
    </Box>
  );
}

/** The note under the electronic plots naming their energy reference. */
export function EnergyReferenceNote() {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      {ENERGY_REFERENCE_NOTE}
    </Typography>
  );
}
