import { ContentCopy } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';

/** Copies `value` to the clipboard and says so in the tooltip. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    // The clipboard API needs a secure context; without it there is nothing sensible to do.
    void navigator.clipboard
      ?.writeText(value)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <Tooltip title={copied ? 'Copied' : label} onClose={() => setCopied(false)}>
      <IconButton size="small" aria-label={label} onClick={copy}>
        <ContentCopy fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
