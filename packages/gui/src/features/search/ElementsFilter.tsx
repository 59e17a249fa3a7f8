import { Typography } from '@mui/material';
import { ELEMENTS_QUANTITY } from './filters.ts';
import { PeriodicTable } from './PeriodicTable.tsx';
import type { TermsBucket } from './types.ts';

export interface ElementsFilterProps {
  selected: readonly string[];
  buckets?: readonly TermsBucket[];
  onToggle: (symbol: string) => void;
  /** The quantity's description from the artifacts, shown as help. */
  description?: string;
}

/** Elements filter: entries that contain all selected elements. */
export function ElementsFilter({ selected, buckets, onToggle, description }: ElementsFilterProps) {
  const counts = buckets ? new Map(buckets.map((bucket) => [String(bucket.value), bucket.count])) : undefined;
  return (
    <section aria-label={ELEMENTS_QUANTITY}>
      <Typography variant="subtitle2" gutterBottom title={description}>
        Elements
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Entries that contain all of the selected elements.
      </Typography>
      <PeriodicTable selected={selected} counts={counts} onToggle={onToggle} />
    </section>
  );
}
