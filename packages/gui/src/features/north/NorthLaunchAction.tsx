import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import type { NorthTool } from '@oasis/schema';
import { useState, type ReactElement } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { ALREADY_RUNNING, NO_FILE_PATH, NOT_LOGGED_IN, notMounted } from './launchMessages.ts';
import { useNorthTool } from './useNorthTool.ts';

type Question = { text: string; canOpen: boolean } | { text: string; info: true };

/**
 * Launches a tool on a file (a search row's or the file browser's; spec 2 §4): a stopped tool is launched
 * and opened at the file; a running one that does not see the file's upload must be stopped first; a running
 * one that does is opened, or stopped, on request. `children` renders the trigger from its click handler.
 */
export function NorthLaunchAction({
  tool,
  uploadId,
  path,
  children,
}: {
  tool: NorthTool;
  uploadId: string | undefined;
  path: string | undefined;
  children: (onClick: (event: { stopPropagation(): void }) => void) => ReactElement;
}) {
  const api = useApi();
  const { user } = useAuth();
  const { raiseError } = useErrors();
  const control = useNorthTool(tool, { fetchState: false });
  const [question, setQuestion] = useState<Question | undefined>(undefined);
  const target = { uploadId, path };

  const start = (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    if (!user) return setQuestion({ text: NOT_LOGGED_IN, info: true });
    if (!path || !uploadId) return setQuestion({ text: NO_FILE_PATH, info: true });
    api.call('northTool', { params: { name: tool.name }, query: { upload_id: uploadId } }).then((answer) => {
      if (answer.data.state !== 'running') return control.launch(target);
      if (answer.upload_id_is_mounted === false) setQuestion({ text: notMounted(uploadId), canOpen: false });
      else setQuestion({ text: ALREADY_RUNNING, canOpen: true });
    }, raiseError);
  };

  const close = () => setQuestion(undefined);
  return (
    <>
      {children(start)}
      <Dialog open={question !== undefined} onClose={close} onClick={(event) => event.stopPropagation()}>
        <DialogContent>
          <DialogContentText>{question?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {question && 'info' in question ? (
            <Button onClick={close} autoFocus>
              OK
            </Button>
          ) : (
            <>
              <Button onClick={close} autoFocus>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  close();
                  control.stop();
                }}
              >
                Stop
              </Button>
              {question?.canOpen ? (
                <Button
                  variant="contained"
                  onClick={() => {
                    close();
                    control.launch(target);
                  }}
                >
                  Open
                </Button>
              ) : null}
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
