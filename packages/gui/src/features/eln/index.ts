// What other features use of the electronic lab notebook: its cards, its editors (the archive browser edits
// sections with them), its model of definitions, and entry creation from a schema.
export { ElnCard } from './ElnCard.tsx';
export { ElnPlots } from './ElnPlots.tsx';
export { QuantityEditor } from './QuantityEditor.tsx';
export { SectionEditor } from './SectionEditor.tsx';
export { draftSection, withSectionAt } from './draftPath.ts';
export { ElnEntryContext } from './elnContext.tsx';
export { sectionFields, withField, type Definitions, type QuantityDefinition } from './elnModel.ts';
export { builtinChoices, type CustomSchema } from './schemaChoices.ts';
export { isExistingPath, useCreateEntry, useCustomSchemas } from './useCreateEntry.ts';
export { entryDefinitionsKey, useEntryDefinitions } from './useEntryDefinitions.ts';
export { useNotebookDraft, type NotebookDraft } from './useNotebookDraft.tsx';
