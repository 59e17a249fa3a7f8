import Code from '@mui/icons-material/Code';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { ApiCallDialog } from '../../components/ApiCallDialog.tsx';

export interface ApiRequestButtonProps {
  /** The full URL of the GET request behind what is shown; undefined while there is none. */
  url: string | undefined;
  response: unknown;
}

/** The API call behind a table (spec 3 §2 'API dialog'): the request, as curl, and its answer. */
export function ApiRequestButton({ url, response }: ApiRequestButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Show the API call">
        <span>
          <IconButton
            aria-label="Show the API call"
            disabled={url === undefined}
            onClick={() => setOpen(true)}
          >
            <Code />
          </IconButton>
        </span>
      </Tooltip>
      {open && url !== undefined ? (
        <ApiCallDialog
          intro="This is the request behind the table; your own scripts can send it with an app token."
          request={[
            { title: 'Request', code: `GET ${url}` },
            { title: 'curl', code: `curl -X GET "${url}" -H "accept: application/json"` },
          ]}
          response={response}
          maxWidth="lg"
          codeMaxHeight={300}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
