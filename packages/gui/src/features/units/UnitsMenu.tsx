import Straighten from '@mui/icons-material/Straighten';
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  Popover,
  Radio,
  RadioGroup,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { unitLabel } from './displayUnit.ts';
import { useUnits, type Units } from './useUnits.ts';
import { isKnownUnit, unitInputError } from './validateUnit.ts';

const titleCase = (dimension: string) => {
  const words = dimension.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Top-bar button opening the unit settings: the unit system and, where unlocked, units per dimension. */
export function UnitsMenu() {
  const units = useUnits();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Outside a UnitsProvider nothing can be chosen, so there is nothing to offer.
  if (!units.actions) return null;
  return (
    <>
      <Tooltip title="Change the unit system in which values are displayed" describeChild>
        <Button
          color="inherit"
          startIcon={<Straighten />}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          Units
        </Button>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Units' } }}
      >
        <UnitsSettings units={units} />
      </Popover>
    </>
  );
}

function UnitsSettings({ units }: { units: Units }) {
  const { systems, systemKey, system, actions } = units;
  return (
    <Box sx={{ p: 2, width: 360, maxHeight: '70vh', overflowY: 'auto' }}>
      <Typography variant="subtitle1" component="h2">
        Unit system
      </Typography>
      <RadioGroup
        aria-label="Unit system"
        value={systemKey}
        onChange={(event) => actions?.selectSystem(event.target.value)}
      >
        {Object.entries(systems.options).map(([key, option]) => (
          <FormControlLabel key={key} value={key} control={<Radio size="small" />} label={option.label} />
        ))}
      </RadioGroup>
      <Divider sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2">
          Units
        </Typography>
        <Button
          size="small"
          disabled={Object.keys(units.overrides).length === 0}
          onClick={() => actions?.resetOverrides()}
        >
          Reset
        </Button>
      </Box>
      {Object.entries(system.units).map(([dimension, unit]) => (
        <DimensionUnit
          // A new system or a reset starts the fields over from the units in force.
          key={`${systemKey}-${dimension}-${units.units[dimension]}`}
          dimension={dimension}
          current={units.units[dimension] ?? unit.definition}
          reference={unit.definition}
          locked={unit.locked === true || !isKnownUnit(unit.definition)}
          onChange={(value) => actions?.setOverride(dimension, value)}
        />
      ))}
    </Box>
  );
}

/** One dimension's unit; a typed unit is taken on Enter or blur when it fits the dimension. */
function DimensionUnit(props: {
  dimension: string;
  current: string;
  reference: string;
  locked: boolean;
  onChange: (unit: string) => void;
}) {
  const { dimension, current, reference, locked, onChange } = props;
  const [text, setText] = useState(current);
  const error = locked ? undefined : unitInputError(text, reference);
  const commit = () => {
    if (!error && text.trim() !== current) onChange(text.trim());
  };
  return (
    <TextField
      label={titleCase(dimension)}
      value={locked ? unitLabel(current) || current : text}
      disabled={locked}
      size="small"
      fullWidth
      margin="dense"
      error={error !== undefined}
      helperText={error}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
