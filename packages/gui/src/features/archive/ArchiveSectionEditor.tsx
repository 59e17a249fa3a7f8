import { Box, ListSubheader, Stack } from '@mui/material';
import { createContext, useContext } from 'react';
import {
  draftSection,
  withSectionAt,
  ElnEntryContext,
  sectionFields,
  withField,
  QuantityEditor,
  type NotebookDraft,
} from '../eln/index.ts';

/** The notebook session of an editable entry's data tab; lanes of its data sections edit through it. */
export const ArchiveEditingContext = createContext<NotebookDraft | undefined>(undefined);

/**
 * The edit widgets of a data section's quantities in its archive lane (spec 3 §2: archive-browser editing
 * for editable entries). Its sub-sections stay lanes of their own; every lane edits the one draft.
 */
export function ArchiveSectionEditor({ path }: { path: string }) {
  const notebook = useContext(ArchiveEditingContext);
  if (!notebook?.editable) return null;
  const target = draftSection(notebook.definitions, notebook.root, notebook.draft, path, notebook.mainfile);
  const fields = target ? sectionFields(target.section) : [];
  if (!target || fields.length === 0) return null;
  const set = (name: string, item: unknown) =>
    notebook.change(withSectionAt(notebook.draft, target.steps, withField(target.value, name, item)));
  return (
    <Box component="section" aria-label={`Edit ${target.section.name}`}>
      <ListSubheader disableSticky>Edit</ListSubheader>
      <ElnEntryContext.Provider value={notebook.context}>
        <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
          {fields.map((field) => (
            <QuantityEditor
              key={field.quantity.name}
              field={field}
              value={target.value[field.quantity.name] ?? field.quantity.default}
              onChange={(item) => set(field.quantity.name, item)}
            />
          ))}
        </Stack>
      </ElnEntryContext.Provider>
    </Box>
  );
}

/** Whether lanes below this archive path may hold an editor (they get room for its widgets). */
export const isDataPath = (path: string) => path === '/data' || path.startsWith('/data/');
