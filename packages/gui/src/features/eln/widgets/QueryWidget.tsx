import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import { Box, Chip, FormHelperText, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useEnv } from '../../../core/EnvProvider.tsx';
import { elnAnnotation, isObject } from '../elnModel.ts';
import { QUERY_MAX_DATA, queryApp, queryTags, storedQuery } from '../queryValue.ts';
import type { WidgetProps } from './widgetProps.ts';

// The search is loaded when the dialog is first opened: most notebook entries have no query quantity.
const QuerySearchDialog = lazy(() =>
  import('./QuerySearchDialog.tsx').then((m) => ({ default: m.QuerySearchDialog })),
);

const resultsText = (value: unknown) => {
  const data = isObject(value) && Array.isArray(value.data) ? value.data : undefined;
  if (!data || data.length === 0) return 'no results';
  return data.length === 1 ? '1 result' : `${data.length} results`;
};

/**
 * QueryEditQuantity: a stored search. Its filters show as 'quantity:value' tags; 'Search dialog' opens the
 * notebook app's search with them, and OK stores the search (and, with `storeInArchive`, its entries).
 */
export function QueryWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const { apps } = useEnv();
  const [open, setOpen] = useState(false);
  const props = elnAnnotation(quantity)?.props ?? {};
  const pageSize = typeof props.maxData === 'number' ? props.maxData : QUERY_MAX_DATA;
  const app = queryApp(apps, pageSize);
  const tags = queryTags(value);
  return (
    <Box>
      <Paper variant="outlined" sx={{ px: 1.5, py: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Stack
              direction="row"
              spacing={0.5}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              aria-label={`${label} filters`}
            >
              {tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" color="primary" />
              ))}
              <Typography variant="body2" color="text.secondary">
                {value === undefined ? 'no query' : resultsText(value)}
              </Typography>
            </Stack>
          </Box>
          {value !== undefined && !disabled && (
            <Tooltip title="Clear results">
              <IconButton size="small" aria-label="Clear results" onClick={() => onChange(undefined)}>
                <Clear />
              </IconButton>
            </Tooltip>
          )}
          {app && !disabled && (
            <Tooltip title="Search dialog">
              <IconButton size="small" aria-label="Search dialog" onClick={() => setOpen(true)}>
                <Search />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Paper>
      {quantity.description && <FormHelperText>{quantity.description}</FormHelperText>}
      {open && app && (
        <Suspense fallback={null}>
          <QuerySearchDialog
            app={app}
            value={value}
            onClose={() => setOpen(false)}
            onTake={(taken) => {
              onChange(storedQuery(taken, props.storeInArchive === true));
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
