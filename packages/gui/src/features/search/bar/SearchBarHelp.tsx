import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { SYNTAX_HELP } from './syntaxHelp.ts';
import { SYNTAX_ORDER, type SyntaxType } from './syntaxes.ts';

export interface SearchBarHelpProps {
  open: boolean;
  onClose(): void;
  /** Only the syntaxes the app allows are explained. */
  allowed: ReadonlySet<SyntaxType>;
}

/** Explains what the search bar understands (spec 2 §2 "Search-bar help"). */
export function SearchBarHelp({ open, onClose, allowed }: SearchBarHelpProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="search-bar-help-title">
      <DialogTitle id="search-bar-help-title">Search-bar help</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          Type a query or a few words. While you type, the list below the field offers queries from your
          search history, values found in the data and names of the quantities you can search. Move through it
          with the arrow keys and press Enter to use the highlighted item, or press Enter to run what you
          typed. A chosen quantity name is put into the field so that you can complete the query; a query
          becomes a filter and is remembered in your history.
        </Typography>
        <Typography gutterBottom>The search bar understands these forms:</Typography>
        {SYNTAX_ORDER.filter((type) => allowed.has(type)).map((type) => {
          const help = SYNTAX_HELP[type];
          return (
            <Box key={type} component="section" sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {help.title}
              </Typography>
              <Typography variant="body2">{help.text}</Typography>
              <Box component="ul" sx={{ my: 1 }}>
                {help.examples.map((example) => (
                  <li key={example}>
                    <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {example}
                    </Box>
                  </li>
                ))}
              </Box>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
