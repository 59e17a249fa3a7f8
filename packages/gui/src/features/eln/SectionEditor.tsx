import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Stack, Typography } from '@mui/material';
import {
  isObject,
  itemSection,
  labelOf,
  sectionFields,
  sectionSubSections,
  type Definitions,
  type Json,
  type SectionDefinition,
  type SubSectionDefinition,
  withField,
} from './elnModel.ts';
import { QuantityEditor } from './QuantityEditor.tsx';

interface SectionEditorProps {
  definitions: Definitions;
  section: SectionDefinition;
  value: Json;
  onChange: (value: Json) => void;
  /** The entry's mainfile: the data's own m_defs ('#/definitions/...') are its sections. */
  mainfile: string;
  /** Sub-sections shown elsewhere (the overview's own cards). */
  omit?: ReadonlySet<string>;
}

/** A section's fields, then its sub-sections, each editable in turn. */
export function SectionEditor({ definitions, section, value, onChange, mainfile, omit }: SectionEditorProps) {
  const set = (name: string, item: unknown) => onChange(withField(value, name, item));
  return (
    <Stack spacing={2}>
      {sectionFields(section).map((field) => (
        <QuantityEditor
          key={field.quantity.name}
          field={field}
          // A quantity without a value has its definition's default (as NOMAD reads it).
          value={value[field.quantity.name] ?? field.quantity.default}
          onChange={(item) => set(field.quantity.name, item)}
        />
      ))}
      {sectionSubSections(section)
        .filter((sub) => !omit?.has(sub.name))
        .map((sub) => (
          <SubSectionEditor
            key={sub.name}
            sub={sub}
            definitions={definitions}
            value={value[sub.name]}
            onChange={(item) => set(sub.name, item)}
            mainfile={mainfile}
          />
        ))}
    </Stack>
  );
}

/** A sub-section: its section (or, repeating, each of its sections) with 'Delete sub-section', and Add. */
export function SubSectionEditor({
  sub,
  definitions,
  value,
  onChange,
  mainfile,
  titled = true,
}: {
  sub: SubSectionDefinition;
  definitions: Definitions;
  value: unknown;
  onChange: (value: unknown) => void;
  mainfile: string;
  /** False where a card's header names it already. */
  titled?: boolean;
}) {
  const label = labelOf(sub);
  const items = (sub.repeats ? (Array.isArray(value) ? value : []) : isObject(value) ? [value] : []).filter(
    isObject,
  );
  const replace = (index: number, item: Json | undefined) => {
    const next = items.flatMap((entry, i) => (i !== index ? [entry] : item ? [item] : []));
    onChange(sub.repeats ? (next.length > 0 ? next : undefined) : next[0]);
  };
  return (
    <Box
      component="section"
      aria-label={label}
      sx={titled ? { borderLeft: 2, borderColor: 'divider', pl: 2 } : undefined}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1, visibility: titled ? 'visible' : 'hidden' }}>
          {label}
        </Typography>
        {(sub.repeats || items.length === 0) && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => onChange(sub.repeats ? [...items, {}] : {})}
            aria-label={`Add ${label}`}
          >
            Add
          </Button>
        )}
      </Stack>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {items.map((item, index) => {
          const section = itemSection(definitions, sub.section, item, mainfile);
          const name = sub.repeats ? `${label} ${index + 1}` : label;
          return (
            <Box key={index} aria-label={name} role="group">
              {section ? (
                <SectionEditor
                  definitions={definitions}
                  section={section}
                  value={item}
                  onChange={(next) => replace(index, next)}
                  mainfile={mainfile}
                />
              ) : (
                <Typography color="text.secondary">Cannot resolve section.</Typography>
              )}
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => replace(index, undefined)}
                sx={{ mt: 1 }}
              >
                Delete sub-section
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
