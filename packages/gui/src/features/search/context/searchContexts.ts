import { createContext } from 'react';
import type { AggregationStore } from './aggregationStore.ts';
import type { SearchContextValue } from './types.ts';

export const SearchContext = createContext<SearchContextValue | undefined>(undefined);
export const AggregationStoreContext = createContext<AggregationStore | undefined>(undefined);
