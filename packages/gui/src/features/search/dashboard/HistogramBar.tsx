import { ButtonBase, Tooltip } from '@mui/material';
import type { Bar } from './histogramData.ts';

/** Whether a bar overlaps the chosen range (it is drawn as selected). */
export function inside(bar: Bar, chosen: { min?: number; max?: number } | undefined): boolean {
  if (!chosen) return false;
  return (
    (chosen.min === undefined || bar.end > chosen.min) && (chosen.max === undefined || bar.start < chosen.max)
  );
}

/** One bar, placed by its bucket on the range axis; clicking it chooses its bucket as the filter range. */
export function HistogramBar(props: {
  bar: Bar;
  range: [number, number];
  fraction: number;
  selected: boolean;
  label: string;
  onClick: () => void;
}) {
  const { bar, range, fraction, selected, label, onClick } = props;
  const span = range[1] - range[0] || 1;
  const left = Math.max(0, (bar.start - range[0]) / span);
  const right = Math.min(1, (bar.end - range[0]) / span);
  if (right <= left) return null;
  return (
    <Tooltip title={label} enterDelay={400}>
      <ButtonBase
        aria-label={label}
        aria-pressed={selected}
        onClick={onClick}
        // Sizes inline: as sx every bar would add a style rule.
        style={{
          left: `${left * 100}%`,
          width: `${(right - left) * 100}%`,
          height: `${fraction * 100}%`,
          minHeight: bar.count > 0 ? 2 : 0,
        }}
        sx={{
          position: 'absolute',
          bottom: 0,
          bgcolor: selected ? 'primary.main' : 'secondary.main',
          opacity: selected ? 1 : 0.7,
          borderLeft: '1px solid',
          borderColor: 'background.paper',
          '&:hover': { opacity: 1 },
        }}
      />
    </Tooltip>
  );
}
