import Code from '@mui/icons-material/Code';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { ApiCallDialog } from '../../components/ApiCallDialog.tsx';
import { ApiDocsLinks } from '../../components/ApiDocsLinks.tsx';
import { curlGetExample, pythonGetExample } from '../../components/apiExamples.ts';
import type { EntryData } from '../../api/entries/types.ts';

/**
 * The overview's API info (spec 3 §2): where the entry's metadata and archive come from, the calls in curl
 * and Python, and the metadata this page shows.
 */
export function EntryApiDialog({ entry }: { entry: EntryData }) {
  const { apiBase } = useEnv();
  const [open, setOpen] = useState(false);
  const id = encodeURIComponent(entry.entry_id);
  const metadata = `${apiBase}/entries/${id}`;
  const archive = `${apiBase}/entries/${id}/archive`;
  return (
    <>
      <Button size="small" startIcon={<Code />} onClick={() => setOpen(true)}>
        API
      </Button>
      {open ? (
        <ApiCallDialog
          intro={
            <>
              This entry&apos;s metadata come from <code>GET {metadata}</code> and its processed data (the
              archive) from <code>GET {archive}</code>. Entries that are not published need an access token
              (header <code>Authorization: Bearer …</code>). <ApiDocsLinks />
            </>
          }
          request={[
            { title: 'curl', code: curlGetExample([metadata, archive]) },
            {
              title: 'Python',
              code: pythonGetExample([
                { name: 'metadata', url: metadata },
                { name: 'archive', url: archive },
              ]),
            },
          ]}
          response={{ entry_id: entry.entry_id, data: entry }}
          maxWidth="md"
          codeMaxHeight={240}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
