import { convertValue } from '@oasis/schema';
import { useMemo } from 'react';
import { useDisplayUnit } from '../../units/index.ts';
import type { FilterDefinition } from '../context/index.ts';
import type { Conversion } from './histogramData.ts';

export interface QuantityUnit extends Conversion {
  /** The unit as printed ('eV'); '' for unitless quantities and timestamps. */
  label: string;
}

/**
 * The unit a widget shows a quantity in: the widget's configured unit if it fits, else the selected
 * unit system's. Converts both ways, because filters are set in the stored (SI) unit.
 */
export function useQuantityUnit(definition: FilterDefinition | undefined, configured?: string): QuantityUnit {
  const stored = definition?.dtype === 'timestamp' ? undefined : definition?.unit;
  const display = useDisplayUnit(stored, definition?.dimension, configured || undefined);
  return useMemo(() => {
    const target = display.unit;
    if (!stored || !target || target === stored) {
      return { label: display.label, toDisplay: (value) => value, fromDisplay: (value) => value };
    }
    return {
      label: display.label,
      toDisplay: display.convert,
      fromDisplay: (value) => convertValue(value, target, stored),
    };
  }, [display, stored]);
}
