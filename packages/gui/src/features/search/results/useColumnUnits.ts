import { useMemo } from 'react';
import { resolveDisplayUnit, type DisplayUnit, useUnits } from '../../units/index.ts';
import type { ResultColumn } from './columns.ts';

/** The display unit of each column with a unit, in the user's unit system. */
export function useColumnUnits(columns: readonly ResultColumn[]): ReadonlyMap<string, DisplayUnit> {
  const { units } = useUnits();
  return useMemo(
    () =>
      new Map(
        columns
          .filter((column) => column.storedUnit !== undefined)
          .map((column) => [
            column.key,
            resolveDisplayUnit(column.storedUnit, units, column.dimension, column.unit),
          ]),
      ),
    [columns, units],
  );
}
