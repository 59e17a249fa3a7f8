import { ELEMENTS_QUANTITY, type WidgetType } from '@oasis/schema';
import { useSyncExternalStore } from 'react';
import { useSearchFilters } from '../context/index.ts';
import { useOptionalDashboardStore } from './DashboardProvider.tsx';
import { mainQuantity } from './widgetConfig.ts';

/** The widget a filter adds for its quantity, by the quantity's type; undefined if none fits. */
function widgetTypeFor(quantity: string, dtype: string | undefined): WidgetType | undefined {
  if (quantity === ELEMENTS_QUANTITY) return 'periodic_table';
  if (dtype === 'int' || dtype === 'float' || dtype === 'timestamp') return 'histogram';
  if (dtype === 'string' || dtype === 'enum' || dtype === 'boolean') return 'terms';
  return undefined;
}

const noSubscription = () => () => undefined;

export interface WidgetToggle {
  /** A widget of this quantity is on the dashboard. */
  active: boolean;
  toggle: () => void;
}

/**
 * The filter menu's add control for one quantity (spec 2 §4: it toggles per quantity). Undefined
 * outside a DashboardProvider or for quantities no widget can show (terms need aggregatable ones).
 */
export function useWidgetToggle(quantity: string): WidgetToggle | undefined {
  const store = useOptionalDashboardStore();
  const { definitions } = useSearchFilters();
  const definition = definitions[quantity];
  const active = useSyncExternalStore(store?.subscribe ?? noSubscription, () =>
    (store?.getState().widgets ?? []).some((widget) => widget.visible && mainQuantity(widget) === quantity),
  );
  const type = widgetTypeFor(quantity, definition?.dtype);
  if (!store || !type || (type !== 'histogram' && !definition?.aggregatable)) return undefined;
  return { active, toggle: () => store.getState().toggleQuantity(quantity, type) };
}
