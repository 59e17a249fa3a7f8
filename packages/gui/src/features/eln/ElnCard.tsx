import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { entryEditable } from '../entry/editable.ts';
import type { ArchiveData, EntryData } from '../entry/types.ts';
import { useCaller } from '../uploads/useCaller.ts';
import { ElnEntryContext } from './elnContext.tsx';
import { labelOf, overviewSubSections, withField, type Json } from './elnModel.ts';
import { SectionEditor, SubSectionEditor } from './SectionEditor.tsx';
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

/**
 * The entry's data as a notebook (spec 3 §2, §5): its section's edit widgets from their annotations, a
 * Save enabled by changes, the conflict dialog when the file changed underneath, and the question whether
 * to discard changes before leaving.
 */
export function ElnCard({ entry, archive }: { entry: EntryData; archive: ArchiveData }) {
  const definitions = useEntryDefinitions(entry.entry_id);
  const editable = entryEditable(entry, useCaller());
  const queryClient = useQueryClient();
  const { data: original, definitions: schema, metadata } = archive as unknown as NotebookArchive;
  const [draft, setDraft] = useState<Json>(original ?? {});
  const [edits, setEdits] = useState(0);
  const [conflict, setConflict] = useState(false);
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
  }, [original]);
  const leaveGuard = useLeaveGuard(edits > 0 && !save.isPending);

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
  if (!resolved || !root || !context || !entry.mainfile) return null;
  const onSave = () =>
    save.mutate(
      { ...(schema ? { definitions: schema } : {}), data: draft },
      { onError: (error) => setConflict(isConflict(error)) },
    );
  const reload = () => {
    setConflict(false);
    void queryClient.invalidateQueries({ queryKey: ['entries', entry.entry_id] });
  };
  const change = (next: Json) => {
    setDraft(next);
    setEdits((count) => count + 1);
  };
  const overview = overviewSubSections(resolved, root);
  const mainfile = entry.mainfile;
  // Every card edits the one draft; Save on the first card writes them all.
  const editing = (children: ReactNode) => (
    <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0 }}>
      <ElnEntryContext.Provider value={context}>{children}</ElnEntryContext.Provider>
    </fieldset>
  );
  return (
    <>
      <Card>
        <CardHeader
          title={root.name}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
          action={
            editable && (
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={edits === 0 || save.isPending}
                onClick={onSave}
              >
                Save
              </Button>
            )
          }
        />
        <CardContent>
          {save.isError && !isConflict(save.error) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {save.error.message}
            </Alert>
          )}
          {editing(
            <SectionEditor
              definitions={resolved}
              section={root}
              value={draft}
              mainfile={mainfile}
              onChange={change}
              omit={new Set(overview.map((sub) => sub.name))}
            />,
          )}
        </CardContent>
        <Dialog open={conflict} aria-describedby="eln-conflict-text">
          <DialogContent>
            <DialogContentText id="eln-conflict-text">{CONFLICT_TEXT}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConflict(false)}>OK</Button>
            <Button onClick={reload} autoFocus>
              Reload
            </Button>
          </DialogActions>
        </Dialog>
        {leaveGuard}
      </Card>
      {overview.map((sub) => (
        <Card key={sub.name}>
          <CardHeader title={labelOf(sub)} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            {editing(
              <SubSectionEditor
                sub={sub}
                definitions={resolved}
                value={draft[sub.name]}
                mainfile={mainfile}
                titled={false}
                onChange={(item) => change(withField(draft, sub.name, item))}
              />,
            )}
          </CardContent>
        </Card>
      ))}
    </>
  );
}
