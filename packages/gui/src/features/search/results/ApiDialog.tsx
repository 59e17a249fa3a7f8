import Code from '@mui/icons-material/Code';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useEnv } from '../../../core/EnvProvider.tsx';
import { ApiCallDialog } from '../../../components/ApiCallDialog.tsx';
import { ApiDocsLinks } from '../../../components/ApiDocsLinks.tsx';
import { curlExample, pythonExample } from '../../../components/apiExamples.ts';

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
        <ApiCallDialog
          intro={
            <>
              These results come from <code>POST {url}</code>. Send the same request to get them in your own
              scripts. <ApiDocsLinks />
            </>
          }
          request={[
            { title: 'Request', code: JSON.stringify(request, null, 2) },
            { title: 'curl', code: curlExample(url, request) },
            { title: 'Python', code: pythonExample(url, request) },
          ]}
          response={response}
          maxWidth="md"
          codeMaxHeight={240}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
