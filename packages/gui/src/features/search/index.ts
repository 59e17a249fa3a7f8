// What other features use of search besides its page (SearchPage.tsx, which datasets and user search embed):
// the parts the ELN's query widget assembles into a search of its own.
export { QueryChips } from './QueryChips.tsx';
export { SearchBar } from './bar/SearchBar.tsx';
export { SearchProvider, useSearchContext } from './context/index.ts';
export type { Filters } from './context/types.ts';
export { formatSearch, isOwner } from './context/url.ts';
export { FilterMenu } from './menu/FilterMenu.tsx';
export { SearchResults } from './results/SearchResults.tsx';
