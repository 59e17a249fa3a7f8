import type { QuantityDefinition } from '../elnModel.ts';

/** What every edit widget gets: one value of its quantity (an item, for list quantities). */
export interface WidgetProps {
  quantity: QuantityDefinition;
  label: string;
  value: unknown;
  /** The new value; undefined removes it. */
  onChange: (value: unknown) => void;
  disabled?: boolean;
}
