import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useWidgetToggle } from '../dashboard/useWidgetToggle.ts';

/** Adds a dashboard widget for the filter's quantity, or removes it again (spec 2 §4). */
export function WidgetToggleButton({ quantity }: { quantity: string }) {
  const toggle = useWidgetToggle(quantity);
  if (!toggle) return null;
  const label = toggle.active ? 'Remove the dashboard widget' : 'Show as a dashboard widget';
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} aria-pressed={toggle.active} onClick={toggle.toggle}>
        <InsertChartOutlined fontSize="small" color={toggle.active ? 'primary' : 'inherit'} />
      </IconButton>
    </Tooltip>
  );
}
