import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import type { CommandExamples } from '@oasis/schema';
import { useState, type ReactNode } from 'react';
import { CodeBlock } from '../../components/CodeBlock.tsx';

/** A shell command beside its copy button. */
const Command = ({ command, label }: { command: string; label: string }) => (
  <CodeBlock code={command} label={label} copyLabel={`Copy ${label.toLowerCase()} to clipboard`} />
);

const Paragraph = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ mt: 2 }}>
    {children}
  </Typography>
);

function AlternativeCommands({ commands, onClose }: { commands: CommandExamples; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Alternative shell commands</DialogTitle>
      <DialogContent>
        <Paragraph>
          As an experienced shell and curl user, you can modify the commands to your liking. To see the
          progress on large files, use
        </Paragraph>
        <Command command={commands.upload_progress_command} label="Progress command" />
        <Paragraph>To tar and upload multiple folders in one command, use</Paragraph>
        <Command command={commands.upload_tar_command} label="Tar command" />
        <Paragraph>
          The server accepts streamed data (<code>-T &lt;local_file&gt;</code>), as in the examples above, or
          multi-part form data, which carries the file name but makes very large requests for large files:
        </Paragraph>
        <Command command={commands.upload_command_form} label="Form data command" />
        <Paragraph>
          With form data the upload is named after the file; streamed uploads have no name unless you give one
          with the URL parameter <code>upload_name</code> (URL-encoded):
        </Paragraph>
        <Command command={commands.upload_command_with_name} label="Command with name" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shell command that creates an upload from a file with the user's upload token (spec 3 §2). */
export function UploadCommands({ commands }: { commands: CommandExamples }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Command command={commands.upload_command} label="Upload command" />
      </Box>
      <Tooltip title="Alternative shell commands">
        <IconButton aria-label="Alternative shell commands" onClick={() => setHelpOpen(true)}>
          <HelpOutline />
        </IconButton>
      </Tooltip>
      {helpOpen ? <AlternativeCommands commands={commands} onClose={() => setHelpOpen(false)} /> : null}
    </Box>
  );
}
