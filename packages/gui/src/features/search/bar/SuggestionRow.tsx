import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import type { SearchSuggestion } from './suggestion.ts';
import { NAME_CHIP, SYNTAX_HELP } from './syntaxHelp.ts';

export interface SuggestionRowProps {
  suggestion: SearchSuggestion;
  /** The quantity's description, shown for name suggestions. */
  description?: string;
  onRemove?(): void;
}

/** One suggestion: its text, whether it comes from the history, and what kind of query it is. */
export function SuggestionRow({ suggestion, description, onRemove }: SuggestionRowProps) {
  const chip = suggestion.type === 'name' ? NAME_CHIP : SYNTAX_HELP[suggestion.type].chip;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', minWidth: 0 }}>
      <Tooltip title={description ?? ''} placement="bottom-start" enterDelay={400}>
        <Typography noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {suggestion.input}
        </Typography>
      </Tooltip>
      {suggestion.history && onRemove ? (
        <IconButton
          size="small"
          aria-label="Remove from the search history"
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            // The row itself would select the suggestion.
            event.stopPropagation();
            onRemove();
          }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : null}
      {suggestion.history ? (
        <HistoryIcon fontSize="small" color="action" titleAccess="From the search history" />
      ) : null}
      <Chip size="small" label={chip} />
    </Box>
  );
}
