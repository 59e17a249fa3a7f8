import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { resolveDisplayUnit, useUnits } from '../../units/index.ts';
import { useSearchFilters } from '../context/index.ts';
import type { BareUnitOf } from './values.ts';
import { mergedValue, parseSearchQuery } from './query.ts';
import { SearchBarHelp } from './SearchBarHelp.tsx';
import { suggestionKey, type SearchSuggestion } from './suggestion.ts';
import { SuggestionRow } from './SuggestionRow.tsx';
import { allowedSyntaxes, type SyntaxType } from './syntaxes.ts';
import { useSearchBarSuggestions } from './useSearchBarSuggestions.ts';
import { useSearchHistory } from './useSearchHistory.ts';

/** Suggestion list sizes in the search bar (spec 2 §9). */
const SUGGESTION_ROW_HEIGHT = 48;
const SUGGESTION_LIST_MAX_HEIGHT = 384;

/**
 * The search page's search bar (spec 2 §5): turns typed queries into filters of the search context,
 * suggests queries from the history, the data and the quantity names, and explains itself in a dialog.
 */
export function SearchBar() {
  const { app, definitions, filters, setFilter, setOrder } = useSearchFilters();
  const allowed = useMemo(() => allowedSyntaxes(app), [app]);
  const history = useSearchHistory(app.path);
  const { units } = useUnits();
  // A number typed without unit means the unit values are shown in, as everywhere else on the page.
  const bareUnitOf = useCallback<BareUnitOf>(
    (definition) => resolveDisplayUnit(definition.unit, units, definition.dimension).unit,
    [units],
  );
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const [helpOpen, setHelpOpen] = useState(false);
  const [open, setOpen] = useState(false);
  const { options, loading } = useSearchBarSuggestions(input, definitions, allowed, history.items);

  const apply = useCallback(
    (text: string, type?: SyntaxType) => {
      const result = parseSearchQuery(text, { definitions, allowed, bareUnitOf }, type);
      if (result.error !== undefined) {
        setError(result.error);
        return;
      }
      const { query } = result;
      // Free-text hits are worth reading in order of relevance.
      if (query.type === 'free_text') setOrder('_score', 'desc');
      setFilter(query.quantity, mergedValue(filters[query.quantity], query, definitions[query.quantity]));
      history.push({ input: query.input, type: query.type });
      setInput('');
      setError(undefined);
    },
    [definitions, allowed, bareUnitOf, filters, setFilter, setOrder, history],
  );

  const choose = useCallback(
    (suggestion: SearchSuggestion) => {
      if (suggestion.type === 'name') {
        setInput(suggestion.input);
        setError(undefined);
      } else apply(suggestion.input, suggestion.type);
    },
    [apply],
  );

  return (
    <>
      <Autocomplete<SearchSuggestion, false, false, true>
        freeSolo
        openOnFocus
        // MUI resets the highlighted suggestion at the first render after the list changed, so an
        // answer that comes while the arrow keys move the highlight would make Enter pick another one.
        // Without closing on select that reset is left out; the bar closes the list itself.
        disableCloseOnSelect
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          // 'reset' is MUI echoing a chosen option into the field; the bar decides what it shows.
          if (reason === 'reset') return;
          setInput(value);
          setError(undefined);
        }}
        onChange={(_event, value) => {
          if (value === null) return;
          setOpen(false);
          if (typeof value === 'string') {
            if (value.trim() !== '') apply(value);
          } else choose(value);
        }}
        filterOptions={(all) => all}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.input)}
        getOptionKey={(option) => (typeof option === 'string' ? option : suggestionKey(option))}
        // Enter picks the first suggestion only when it is the typed text itself.
        autoHighlight={options[0] !== undefined && options[0].input === input.trim()}
        loading={loading}
        slotProps={{ listbox: { sx: { maxHeight: SUGGESTION_LIST_MAX_HEIGHT } } }}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props} style={{ minHeight: SUGGESTION_ROW_HEIGHT }}>
            <SuggestionRow
              suggestion={option}
              {...(option.type === 'name' && definitions[option.input]?.description
                ? { description: definitions[option.input]!.description }
                : {})}
              onRemove={() => history.remove(suggestionKey(option))}
            />
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder="Type a query or keywords"
            error={error !== undefined}
            helperText={error}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search' },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon color="action" />
                  </InputAdornment>
                ),
                endAdornment: (
                  <>
                    {params.slotProps.input.endAdornment}
                    <Tooltip title="Search bar syntax help">
                      <IconButton
                        size="small"
                        aria-label="Search bar syntax help"
                        onClick={() => setHelpOpen(true)}
                      >
                        <HelpOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                ),
              },
            }}
          />
        )}
      />
      <SearchBarHelp open={helpOpen} onClose={() => setHelpOpen(false)} allowed={allowed} />
    </>
  );
}
