import type { WidgetConfig } from '@oasis/schema';
import { formatNumber } from '../../../components/format.ts';
import type { FilterDefinition, FilterValue } from '../context/index.ts';
import type { Widget } from './store.ts';

/** What every widget component gets from the dashboard. */
export interface WidgetProps<T extends WidgetConfig> {
  widget: T & Pick<Widget, 'id'>;
  /** Height of the whole widget in pixels (from its grid rows). */
  height: number;
  onEdit: () => void;
  onRemove: () => void;
  /** Stores a changed config (e.g. the scatter plot's drag mode). */
  onChange: (config: T) => void;
}

/** The chosen values of a terms-like filter; a range (or nothing) chooses none. */
export function chosenValues(value: FilterValue | undefined): readonly (string | number | boolean)[] {
  return Array.isArray(value) ? value : [];
}

/** A widget's title: its own, else the axis title, else the quantity's label. */
export function widgetTitle(
  title: string | undefined,
  definition: FilterDefinition | undefined,
  quantity: string,
  axisTitle?: string,
): string {
  return title || axisTitle || definition?.label || quantity;
}

/** Counts as 999, 1.2k, 35.1M: short enough for a cell of the periodic table. */
export function formatCount(count: number): string {
  return count < 1000 ? String(count) : formatNumber(count, { format: 'SI', decimals: 1 });
}
