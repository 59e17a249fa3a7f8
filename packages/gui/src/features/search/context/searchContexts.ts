import { createContext } from 'react';
import type { AggregationStore } from './aggregationStore.ts';
import type { SearchFiltersValue, SearchResults } from './types.ts';

// Two contexts: an answer or a loading flag re-renders only the components that read the results.
export const SearchFiltersContext = createContext<SearchFiltersValue | undefined>(undefined);
export const SearchResultsContext = createContext<SearchResults | undefined>(undefined);
export const AggregationStoreContext = createContext<AggregationStore | undefined>(undefined);
