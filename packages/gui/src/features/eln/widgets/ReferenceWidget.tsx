import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, IconButton, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useEntry } from '../../../api/entries/useEntry.ts';
import { useElnEntry } from '../elnContext.tsx';
import { entryReference, referencedEntry } from '../references.ts';
import { CreateReferenceDialog } from './CreateReferenceDialog.tsx';
import { SectionSelectDialog } from './SectionSelectDialog.tsx';
import type { WidgetProps } from './widgetProps.ts';

interface Candidate {
  entry_id: string;
  upload_id: string;
  entry_name?: string;
  mainfile?: string;
}

/** How many of the newest entries of the referenced type are offered (spec 3 §9: reference tables). */
const CANDIDATES = 20;

/**
 * ReferenceEditQuantity: picks an entry whose data is of the referenced section (the newest 20 the user
 * may see, filtered as typed), links to it, and creates a new one ('Create new reference').
 */
export function ReferenceWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const api = useApi();
  const target = quantity.target_search_name;
  const candidates = useQuery({
    queryKey: ['eln', 'reference-candidates', target],
    enabled: target !== undefined && !disabled,
    meta: { silent: true },
    queryFn: async () =>
      (
        await api.call('entriesQuery', {
          body: {
            owner: 'visible',
            query: { 'section_defs.definition_qualified_name': target },
            pagination: { page_size: CANDIDATES, order_by: 'upload_create_time', order: 'desc' },
            required: { include: ['entry_id', 'upload_id', 'entry_name', 'mainfile'] },
          },
        })
      ).data as Candidate[],
  });
  const { definitions, uploadId } = useElnEntry();
  const pointer = referencedEntry(value, uploadId);
  const byMainfile = pointer && 'mainfile' in pointer ? pointer : undefined;
  // A reference by mainfile (hand-written in a YAML file) names its entry through a search.
  const found = useQuery({
    queryKey: ['eln', 'reference-by-mainfile', byMainfile?.uploadId, byMainfile?.mainfile],
    enabled: byMainfile !== undefined,
    meta: { silent: true },
    queryFn: async () => {
      const { data } = await api.call('entriesQuery', {
        body: {
          owner: 'visible',
          query: { upload_id: byMainfile!.uploadId, mainfile: byMainfile!.mainfile },
          pagination: { page_size: 1 },
          required: { include: ['entry_id'] },
        },
      });
      const entry = (data as { entry_id?: string }[])[0];
      if (!entry?.entry_id) throw new Error(`No entry of ${byMainfile!.mainfile}`);
      return entry.entry_id;
    },
  });
  const entryId = pointer && 'entryId' in pointer ? pointer.entryId : found.data;
  const referenced = useEntry(entryId ?? '', entryId !== undefined);
  const [creating, setCreating] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const current: Candidate | null = entryId
    ? {
        entry_id: entryId,
        upload_id: '',
        entry_name: referenced.data?.data.entry_name as string | undefined,
      }
    : null;
  const lost = (entryId !== undefined && referenced.isError) || found.isError;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Autocomplete
        fullWidth
        size="small"
        disabled={disabled}
        options={candidates.data ?? []}
        loading={candidates.isLoading}
        value={current}
        isOptionEqualToValue={(a, b) => a.entry_id === b.entry_id}
        getOptionLabel={(option) => option.entry_name ?? option.mainfile ?? option.entry_id}
        onChange={(_, chosen) =>
          onChange(chosen ? entryReference(chosen.upload_id, chosen.entry_id) : undefined)
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={lost}
            helperText={lost ? 'referenced value does not exist anymore' : quantity.description}
          />
        )}
      />
      {entryId && !lost && (
        <IconButton component={RouterLink} to={`/entry/id/${entryId}`} aria-label={`Open ${label}`}>
          <OpenInNewIcon />
        </IconButton>
      )}
      {!disabled && target && (
        <IconButton onClick={() => setSelecting(true)} aria-label={`Select ${label}`}>
          <SearchIcon />
        </IconButton>
      )}
      {selecting && target && (
        <SectionSelectDialog
          target={target}
          sectionName={
            (quantity.target_section && definitions.sections[quantity.target_section]?.name) ?? label
          }
          onSelect={(chosen) => onChange(entryReference(chosen.upload_id, chosen.entry_id))}
          onClose={() => setSelecting(false)}
        />
      )}
      {!disabled && quantity.target_section && (
        <IconButton onClick={() => setCreating(true)} aria-label={`Create new reference for ${label}`}>
          <AddIcon />
        </IconButton>
      )}
      {creating && quantity.target_section && (
        <CreateReferenceDialog
          section={quantity.target_section}
          onClose={() => setCreating(false)}
          onCreated={(uploadId, newEntryId) => onChange(entryReference(uploadId, newEntryId))}
        />
      )}
    </Stack>
  );
}
