import SaveIcon from '@mui/icons-material/Save';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { entryEditable } from '../../api/entries/editable.ts';
import type { EntryData } from '../../api/entries/types.ts';
import { useCaller } from '../../api/uploads/useCaller.ts';
import type { ElnEntry } from './elnContext.tsx';
import type { Definitions, Json, SectionDefinition } from './elnModel.ts';
import { useEntryDefinitions } from './useEntryDefinitions.ts';
import { isConflict, useEntrySave } from './useEntrySave.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';

/** The parts of an archive a notebook edits: user-defined, so the built-in archive types do not name them. */
interface NotebookArchive {
  data?: Json;
  definitions?: Json;
  metadata?: { entry_hash?: string };
}

const CONFLICT_TEXT = 'The changes cannot be saved. The content has been modified by someone else.';

export interface NotebookDraft {
  editable: boolean;
  context: ElnEntry;
  definitions: Definitions;
  root: SectionDefinition;
  mainfile: string;
  /** The data as edited since the archive was read. */
  draft: Json;
  change(next: Json): void;
  /** The Save button (enabled by changes), the conflict dialog and the leave question, to be rendered. */
  saveButton: ReactNode;
  saveError: string | undefined;
  dialogs: ReactNode;
}

/**
 * One editing session of a notebook entry's data (spec 3 §5): the draft, the local edit counter, Save
 * (PUT of the mainfile with the entry_hash the archive was read at), the 409 dialog with OK and Reload, and
 * the discard question when leaving with changes. `stays` says which navigations keep the session (the
 * data tab's own lanes). Undefined until the entry's definitions are resolved.
 */
export function useNotebookDraft(
  entry: EntryData,
  archive: unknown,
  stays?: (pathname: string) => boolean,
): NotebookDraft | undefined {
  const definitions = useEntryDefinitions(entry.entry_id);
  const editable = entryEditable(entry, useCaller());
  const queryClient = useQueryClient();
  const { data: original, definitions: schema, metadata } = (archive ?? {}) as NotebookArchive;
  const [draft, setDraft] = useState<Json>(original ?? {});
  const [edits, setEdits] = useState(0);
  // A 409 opens the dialog; after OK saving stays disabled until the archive is reloaded (spec 3).
  const [conflict, setConflict] = useState<'none' | 'dialog' | 'pending'>('none');
  const save = useEntrySave({
    uploadId: entry.upload_id ?? '',
    entryId: entry.entry_id,
    mainfile: entry.mainfile ?? '',
    entryHash: metadata?.entry_hash,
  });
  // A saved or reloaded archive is the new starting point.
  useEffect(() => {
    setDraft(original ?? {});
    setEdits(0);
    setConflict('none');
  }, [original]);
  const leaveGuard = useLeaveGuard(edits > 0 && !save.isPending, stays);
  const resolved = definitions.data?.data;
  const root = resolved?.sections[resolved.root];
  const context = useMemo(
    () =>
      resolved && {
        uploadId: entry.upload_id ?? '',
        entryId: entry.entry_id,
        mainfile: entry.mainfile ?? '',
        definitions: resolved,
      },
    [resolved, entry.upload_id, entry.entry_id, entry.mainfile],
  );
  if (!resolved || !root || !context || !entry.mainfile) return undefined;
  const onSave = () =>
    save.mutate(
      { ...(schema ? { definitions: schema } : {}), data: draft },
      { onError: (error) => setConflict(isConflict(error) ? 'dialog' : 'none') },
    );
  const reload = () => {
    setConflict('none');
    void queryClient.invalidateQueries({ queryKey: ['entries', entry.entry_id] });
  };
  return {
    editable,
    context,
    definitions: resolved,
    root,
    mainfile: entry.mainfile,
    draft,
    change: (next) => {
      setDraft(next);
      setEdits((count) => count + 1);
    },
    saveButton: editable && (
      <>
        {conflict === 'pending' ? <Button onClick={reload}>Reload</Button> : null}
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={edits === 0 || save.isPending || conflict !== 'none'}
          onClick={onSave}
        >
          Save
        </Button>
      </>
    ),
    saveError: save.isError && !isConflict(save.error) ? save.error.message : undefined,
    dialogs: (
      <>
        <Dialog open={conflict === 'dialog'} aria-describedby="eln-conflict-text">
          <DialogContent>
            <DialogContentText id="eln-conflict-text">{CONFLICT_TEXT}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConflict('pending')}>OK</Button>
            <Button onClick={reload} autoFocus>
              Reload
            </Button>
          </DialogActions>
        </Dialog>
        {leaveGuard}
      </>
    ),
  };
}
