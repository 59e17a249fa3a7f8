import { Alert, Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';
import type { ArchiveData, EntryData } from '../../api/entries/types.ts';
import { ElnEntryContext } from './elnContext.tsx';
import { labelOf, overviewSubSections, withField } from './elnModel.ts';
import { SectionEditor, SubSectionEditor } from './SectionEditor.tsx';
import { useNotebookDraft } from './useNotebookDraft.tsx';

/**
 * The entry's data as a notebook (spec 3 §2, §5): its section's edit widgets from their annotations, a
 * Save enabled by changes, the conflict dialog when the file changed underneath, and the question whether
 * to discard changes before leaving.
 */
export function ElnCard({ entry, archive }: { entry: EntryData; archive: ArchiveData }) {
  const notebook = useNotebookDraft(entry, archive);
  if (!notebook) return null;
  const { definitions, root, draft, change, mainfile } = notebook;
  const overview = overviewSubSections(definitions, root);
  // Every card edits the one draft; Save on the first card writes them all.
  const editing = (children: ReactNode) => (
    <fieldset disabled={!notebook.editable} style={{ border: 0, margin: 0, padding: 0 }}>
      <ElnEntryContext.Provider value={notebook.context}>{children}</ElnEntryContext.Provider>
    </fieldset>
  );
  return (
    <>
      <Card>
        <CardHeader
          title={root.name}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
          action={notebook.saveButton}
        />
        <CardContent>
          {notebook.saveError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {notebook.saveError}
            </Alert>
          )}
          {editing(
            <SectionEditor
              definitions={definitions}
              section={root}
              value={draft}
              mainfile={mainfile}
              onChange={change}
              omit={new Set(overview.map((sub) => sub.name))}
            />,
          )}
        </CardContent>
        {notebook.dialogs}
      </Card>
      {overview.map((sub) => (
        <Card key={sub.name}>
          <CardHeader title={labelOf(sub)} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            {editing(
              <SubSectionEditor
                sub={sub}
                definitions={definitions}
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
