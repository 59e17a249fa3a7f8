import { useMemo } from 'react';
import { useUnits } from '../units/index.ts';
import { entryUnits, type EntryUnits } from './units.ts';

/** The entry quantities' display units in the unit system the units menu selects. */
export function useEntryUnits(): EntryUnits {
  const units = useUnits();
  return useMemo(() => entryUnits(units), [units]);
}
