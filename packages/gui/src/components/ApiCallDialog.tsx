import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { CodeBlock } from './CodeBlock.tsx';

export interface ApiCallDialogProps {
  /** What the request is and how to send it oneself. */
  intro: ReactNode;
  /** The request in the forms to copy ('Request', 'curl', …). */
  request: readonly { title: string; code: string }[];
  /** The last answer, shown as JSON; undefined while there is none. */
  response: unknown;
  maxWidth: 'md' | 'lg';
  /** The height of each code block, beyond which it scrolls. */
  codeMaxHeight: number;
  onClose: () => void;
}

/** The 'API' dialog: the API request behind what a page shows, ready to copy, and its answer. */
export function ApiCallDialog({
  intro,
  request,
  response,
  maxWidth,
  codeMaxHeight,
  onClose,
}: ApiCallDialogProps) {
  const blocks =
    response === undefined
      ? request
      : [...request, { title: 'Response', code: JSON.stringify(response, null, 2) }];
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth>
      <DialogTitle>API</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        {blocks.map(({ title, code }) => (
          <CodeBlock key={title} heading label={title} code={code} maxHeight={codeMaxHeight} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
