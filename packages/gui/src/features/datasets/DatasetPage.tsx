import { DoesNotExist } from '@oasis/client';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { Dataset } from '@oasis/schema';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { SearchPage } from '../search/SearchPage.tsx';
import { useEmbeddedSearchApp } from '../user-search/index.ts';
import { DoiLink } from './DoiLink.tsx';
import { useDataset } from './useDataset.ts';

const NOT_FOUND = 'Empty or non existing dataset';

/**
 * dataset/id/{datasetId}: the entries search restricted to one dataset, with visibility 'all' so that
 * published entries of others in the dataset are found too (as NOMAD's dataset page).
 */
export function DatasetPage() {
  const { datasetId = '' } = useParams();
  const dataset = useDataset(datasetId);
  if (dataset.isPending) return <LinearProgress aria-label="loading the dataset" />;
  if (dataset.isError) {
    return (
      <Box sx={{ p: 3 }}>
        {dataset.error instanceof DoesNotExist ? (
          <DatasetHeading>{NOT_FOUND}</DatasetHeading>
        ) : (
          <Alert severity="error">{dataset.error.message}</Alert>
        )}
      </Box>
    );
  }
  return <DatasetSearch dataset={dataset.data.data} />;
}

function DatasetSearch({ dataset }: { dataset: Dataset }) {
  const locked = useMemo(
    () => ({ visibility: 'all', 'datasets.dataset_id': dataset.dataset_id }),
    [dataset.dataset_id],
  );
  const app = useEmbeddedSearchApp(locked);
  return (
    <SearchPage
      app={app}
      header={
        <Box>
          <DatasetHeading>{dataset.dataset_name || NOT_FOUND}</DatasetHeading>
          <Typography>
            dataset
            {dataset.doi ? (
              <>
                , with DOI <DoiLink doi={dataset.doi} />
              </>
            ) : null}
          </Typography>
        </Box>
      }
    />
  );
}

function DatasetHeading({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h1">
      {children}
    </Typography>
  );
}
