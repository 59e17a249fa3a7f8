import Code from '@mui/icons-material/Code';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useEnv } from '../../../app/EnvProvider.tsx';
import { CopyButton } from '../../uploads/CopyButton.tsx';
import { curlExample, pythonExample } from './apiExamples.ts';

function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <CopyButton value={code} label={`Copy ${title}`} />
      </Box>
      <Box
        component="pre"
        aria-label={title}
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', fontSize: '0.8rem', overflow: 'auto', maxHeight: 240 }}
      >
        {code}
      </Box>
    </Box>
  );
}

/**
 * The API request behind the shown results (spec 2 §2 "API info with request and response examples"):
 * the POST {resource}/query body, the same call in curl and Python, and the last response.
 */
export function ApiDialog({
  resource,
  request,
  response,
}: {
  resource: string;
  request: unknown;
  response: unknown;
}) {
  const { apiBase } = useEnv();
  const [open, setOpen] = useState(false);
  const url = `${apiBase}/${resource}/query`;
  return (
    <>
      <Button
        size="small"
        startIcon={<Code />}
        onClick={() => setOpen(true)}
        disabled={request === undefined}
      >
        API
      </Button>
      {open && request !== undefined ? (
        <ApiDialogContent url={url} request={request} response={response} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ApiDialogContent(props: { url: string; request: unknown; response: unknown; onClose: () => void }) {
  const { url, request, response, onClose } = props;
  const { apiBase } = useEnv();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>API</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          These results come from <code>POST {url}</code>. Send the same request to get them in your own
          scripts; see the{' '}
          <Link href={`${apiBase}/docs`} target="_blank" rel="noopener noreferrer">
            API documentation
          </Link>{' '}
          and the{' '}
          <Link component={RouterLink} to="/analyze/apis">
            API dashboard
          </Link>
          .
        </DialogContentText>
        <CodeBlock title="Request" code={JSON.stringify(request, null, 2)} />
        <CodeBlock title="curl" code={curlExample(url, request)} />
        <CodeBlock title="Python" code={pythonExample(url, request)} />
        {response === undefined ? null : (
          <CodeBlock title="Response" code={JSON.stringify(response, null, 2)} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
