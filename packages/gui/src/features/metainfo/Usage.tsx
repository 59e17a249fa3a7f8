import { Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';

/** How many entries the caller may see use the definition at `path`; asked for on request (spec 3). */
export function Usage({ path }: { path: string }) {
  const [asked, setAsked] = useState(false);
  if (!asked)
    return (
      <Button size="small" onClick={() => setAsked(true)}>
        Show usage
      </Button>
    );
  return <UsageCount path={path} />;
}

function UsageCount({ path }: { path: string }) {
  const api = useApi();
  const result = useQuery({
    queryKey: ['metainfo', 'usage', path],
    queryFn: () =>
      api.call('entriesQuery', {
        body: { owner: 'visible', query: { quantities: path }, pagination: { page_size: 0 } },
      }),
    meta: { silent: true },
    retry: false,
  });
  if (result.isPending)
    return (
      <Typography variant="body2" color="text.secondary">
        loading...
      </Typography>
    );
  if (result.isError)
    return (
      <Typography variant="body2" color="error">
        {result.error.message}
      </Typography>
    );
  const total = result.data.pagination.total;
  if (total === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This metadata is not used at all.
      </Typography>
    );
  return (
    <Typography variant="body2">
      Used in {total} {total === 1 ? 'entry' : 'entries'} you can see, as <code>{path}</code>.
    </Typography>
  );
}
