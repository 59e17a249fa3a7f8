import { Alert, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import { entryBasePath } from '../../components/entryTabs.ts';
import { archiveData } from '../../api/entries/types.ts';
import { useArchive } from '../../api/entries/useEntry.ts';
import { hasWorkflowGraph } from './graph.ts';
import { CARD_TITLE } from './texts.ts';

/** Only the workflow is fetched; its references within workflow2 resolve in the browser. */
const WORKFLOW_REQUIRED = { workflow2: '*' } as const;

// d3 stays out of the entry page's first load.
const LazyWorkflowGraph = lazy(() =>
  import('./WorkflowGraph.tsx').then((m) => ({ default: m.WorkflowGraph })),
);

/** The 'Workflow Graph' overview card of an entry whose metadata lists workflow sections. */
export function WorkflowCard({ entryId }: { entryId: string }) {
  const { pathname } = useLocation();
  const splat = useParams()['*'] ?? '';
  const { data, error } = useArchive(entryId, WORKFLOW_REQUIRED);
  const archive = data ? (archiveData(data) as Record<string, unknown>) : undefined;
  return (
    <PropertyCard title={CARD_TITLE}>
      {error ? (
        <Alert severity="error">{`Could not load the workflow: ${error.message}`}</Alert>
      ) : !archive ? (
        <CircularProgress size={24} aria-label="Loading the workflow" />
      ) : !hasWorkflowGraph(archive) ? (
        <Alert severity="info">The workflow has no inputs, outputs or tasks.</Alert>
      ) : (
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the workflow graph" />}>
          <LazyWorkflowGraph archive={archive} entryBasePath={entryBasePath(pathname, splat)} />
        </Suspense>
      )}
    </PropertyCard>
  );
}
