import { Box, Typography } from '@mui/material';
import { CopyButton } from './CopyButton.tsx';

export interface CodeBlockProps {
  code: string;
  /** Names the code (its aria-label); as a heading above it too, with `heading`. */
  label: string;
  /** The copy button's label; 'Copy {label}' by default. */
  copyLabel?: string;
  /** The label and the copy button stand above the code; without it, the button stands beside the code. */
  heading?: boolean;
  maxHeight?: number;
}

/** Code (a request, a shell command, an answer) to read and to copy with one click. */
export function CodeBlock({
  code,
  label,
  copyLabel = `Copy ${label}`,
  heading = false,
  maxHeight,
}: CodeBlockProps) {
  const copy = <CopyButton value={code} label={copyLabel} />;
  const pre = (
    <Box
      component="pre"
      aria-label={label}
      sx={{ flexGrow: 1, m: 0, p: 1, bgcolor: 'grey.100', fontSize: '0.8rem', overflow: 'auto', maxHeight }}
    >
      {code}
    </Box>
  );
  if (!heading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
        {pre}
        {copy}
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
        {copy}
      </Box>
      {pre}
    </Box>
  );
}
