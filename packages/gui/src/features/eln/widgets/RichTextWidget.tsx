import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertLink from '@mui/icons-material/InsertLink';
import Title from '@mui/icons-material/Title';
import { Box, FormHelperText, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { elnAnnotation } from '../elnModel.ts';
import { isBlankHtml, safeLinkAddress, sanitizeHtml } from '../richText.ts';
import { useDebouncedCommit } from '../useDebouncedCommit.ts';
import type { WidgetProps } from './widgetProps.ts';

/** Spec 3 §9: the rich text editor's height unless the annotation's props give one. */
const DEFAULT_HEIGHT = 500;

interface Command {
  label: string;
  icon: ReactNode;
  run: () => void;
}

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

const COMMANDS: readonly Command[] = [
  { label: 'Bold', icon: <FormatBold fontSize="small" />, run: () => exec('bold') },
  { label: 'Italic', icon: <FormatItalic fontSize="small" />, run: () => exec('italic') },
  { label: 'Underline', icon: <FormatUnderlined fontSize="small" />, run: () => exec('underline') },
  { label: 'Heading', icon: <Title fontSize="small" />, run: () => exec('formatBlock', 'h3') },
  {
    label: 'Bulleted list',
    icon: <FormatListBulleted fontSize="small" />,
    run: () => exec('insertUnorderedList'),
  },
  {
    label: 'Numbered list',
    icon: <FormatListNumbered fontSize="small" />,
    run: () => exec('insertOrderedList'),
  },
  {
    label: 'Link',
    icon: <InsertLink fontSize="small" />,
    run: () => {
      const address = safeLinkAddress(window.prompt('Link address (http, https or mailto)') ?? '');
      if (address) exec('createLink', address);
    },
  },
  {
    label: 'Clear formatting',
    icon: <FormatClear fontSize="small" />,
    run: () => {
      exec('removeFormat');
      exec('formatBlock', 'p');
    },
  },
];

/**
 * RichTextEditQuantity: an editable HTML area with a formatting toolbar. What it stores and shows is
 * sanitized (`richText.ts`); typing commits after the edit debounce, leaving the field commits at once.
 */
export function RichTextWidget({ quantity, label, value, onChange, disabled }: WidgetProps) {
  const stored = typeof value === 'string' ? sanitizeHtml(value) : '';
  const area = useRef<HTMLDivElement>(null);
  const field = useDebouncedCommit(stored, (html) => {
    const clean = sanitizeHtml(html);
    onChange(isBlankHtml(clean) ? undefined : clean);
  });
  // The area's content is the browser's while the user types; it is set from outside only when the
  // stored value differs from what is shown (a reload, a save, another widget), keeping the caret.
  useEffect(() => {
    const element = area.current;
    if (element && sanitizeHtml(element.innerHTML) !== field.text) element.innerHTML = field.text;
  }, [field.text]);
  const props = elnAnnotation(quantity)?.props ?? {};
  const height = typeof props.height === 'number' ? props.height : DEFAULT_HEIGHT;
  const read = () => area.current?.innerHTML ?? '';
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Paper variant="outlined">
        {!disabled && (
          <Stack direction="row" role="toolbar" aria-label={`${label} formatting`} sx={{ px: 0.5 }}>
            {COMMANDS.map((command) => (
              <Tooltip key={command.label} title={command.label}>
                <IconButton
                  size="small"
                  aria-label={command.label}
                  // Keeps the selection in the area: a click would otherwise move the focus first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    area.current?.focus();
                    command.run();
                    field.onChange(read());
                  }}
                >
                  {command.icon}
                </IconButton>
              </Tooltip>
            ))}
          </Stack>
        )}
        <Box
          ref={area}
          role="textbox"
          aria-multiline
          aria-label={label}
          aria-readonly={disabled}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={() => field.onChange(read())}
          onBlur={() => field.commitNow(read())}
          sx={{
            height,
            overflow: 'auto',
            px: 1.5,
            py: 1,
            borderTop: disabled ? 0 : 1,
            borderColor: 'divider',
            outline: 'none',
            '&:focus': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
          }}
        />
      </Paper>
      {quantity.description && <FormHelperText>{quantity.description}</FormHelperText>}
    </Box>
  );
}
