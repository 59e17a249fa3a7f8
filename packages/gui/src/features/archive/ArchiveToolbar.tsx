import Code from '@mui/icons-material/Code';
import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import {
  Box,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
} from '@mui/material';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ArchiveSection, ArchiveViewOptions } from './model.ts';
import { searchArchive } from './search.ts';

const TOGGLES: readonly { key: keyof ArchiveViewOptions; label: string; title: string }[] = [
  { key: 'codeSpecific', label: 'Code specific', title: 'Show code-specific data (names starting with x_)' },
  {
    key: 'allDefined',
    label: 'All defined',
    title: 'Also list what the definitions name but this entry lacks',
  },
  { key: 'technical', label: 'Technical view', title: 'Show technical data such as m_def and annotations' },
];

export interface ArchiveToolbarProps {
  archive: ArchiveSection;
  view: ArchiveViewOptions;
  onViewChange(view: ArchiveViewOptions): void;
  /** The URL of a lane by its keys (search results link there). */
  laneUrl(keys: readonly string[]): string;
  downloadUrl: string;
  /** Downloads with the user's credentials (a plain link would not carry them for private entries). */
  onDownload(): void;
  onShowApi(): void;
  onReload(): void;
  /** The notebook's Save, when the data is edited in the lanes. */
  saveButton?: ReactNode;
}

/** Search over the archive, the view toggles, download, API view and reload. */
export function ArchiveToolbar({
  archive,
  view,
  onViewChange,
  laneUrl,
  downloadUrl,
  onDownload,
  onShowApi,
  onReload,
  saveButton,
}: ArchiveToolbarProps) {
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const hits = useMemo(() => searchArchive(archive, deferred, view), [archive, deferred, view]);
  return (
    <Box sx={{ mb: 1, position: 'relative' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder="Search the archive"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setText('')}
          slotProps={{ htmlInput: { 'aria-label': 'Search the archive' } }}
          sx={{ width: 320 }}
        />
        {TOGGLES.map(({ key, label, title }) => (
          <Tooltip key={key} title={title}>
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={view[key]}
                  onChange={(event) => onViewChange({ ...view, [key]: event.target.checked })}
                />
              }
              label={label}
            />
          </Tooltip>
        ))}
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Download the archive">
          <IconButton
            aria-label="Download the archive"
            href={downloadUrl}
            download
            onClick={(event) => {
              event.preventDefault();
              onDownload();
            }}
          >
            <Download />
          </IconButton>
        </Tooltip>
        <Tooltip title="Show the API call">
          <IconButton aria-label="Show the API call" onClick={onShowApi}>
            <Code />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reload the archive">
          <IconButton aria-label="Reload the archive" onClick={onReload}>
            <Refresh />
          </IconButton>
        </Tooltip>
        {saveButton}
      </Stack>
      {text.trim() !== '' ? (
        <Paper
          elevation={4}
          sx={{ position: 'absolute', zIndex: 10, width: 480, maxHeight: 400, overflow: 'auto' }}
        >
          <List dense aria-label="Search results">
            {hits.length === 0 ? (
              <ListItemText sx={{ px: 2 }} primary="Nothing found" />
            ) : (
              hits.map((hit) => (
                <ListItemButton
                  key={hit.path}
                  component={RouterLink}
                  to={laneUrl(hit.keys)}
                  onClick={() => setText('')}
                >
                  <ListItemText primary={hit.path} secondary={hit.value} />
                </ListItemButton>
              ))
            )}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
