import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Alert,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { levelCounts, levelGraph, type GraphNode } from './graph.ts';
import { GraphSvg, type GraphActions } from './GraphSvg.tsx';
import { columnLayout } from './layout.ts';
import { Legend } from './Legend.tsx';
import { parseRange } from './range.ts';
import { sectionTarget, targetUrl } from './sectionLink.ts';
import {
  FILTER_PLACEHOLDER,
  filterLabel,
  HINT_BACK,
  HINT_EXPAND,
  HINT_NAVIGATE,
  type FilterKind,
} from './texts.ts';
import { useForceLayout } from './useForceLayout.ts';
import { useZoom } from './useZoom.ts';

type Archive = Record<string, unknown>;

const NO_FILTERS: Record<FilterKind, string> = { inputs: '', outputs: '' };

/**
 * The interactive graph of an archive's workflow2 (loaded lazily with d3): one level at a time, tasks
 * expand into their own level, the range filter picks the inputs or outputs shown.
 */
export function WorkflowGraph({ archive, entryBasePath }: { archive: Archive; entryBasePath: string }) {
  const navigate = useNavigate();
  const [levels, setLevels] = useState<number[]>([]);
  const [filterKind, setFilterKind] = useState<FilterKind>('inputs');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [force, setForce] = useState(false);
  const { svgRef, contentRef, reset } = useZoom();

  const counts = useMemo(() => levelCounts(archive, levels), [archive, levels]);
  const ranges = useMemo(
    () => ({
      inputs: parseRange(filters.inputs, counts.inputs),
      outputs: parseRange(filters.outputs, counts.outputs),
    }),
    [filters, counts],
  );
  // While an expression does not parse, the graph keeps the default selection.
  const selection = useMemo(
    () => ({
      inputs: ranges.inputs.ok ? ranges.inputs.indices : defaultIndices(counts.inputs),
      outputs: ranges.outputs.ok ? ranges.outputs.indices : defaultIndices(counts.outputs),
    }),
    [ranges, counts],
  );
  const graph = useMemo(() => levelGraph(archive, levels, selection), [archive, levels, selection]);
  const layout = useMemo(() => (graph ? columnLayout(graph) : undefined), [graph]);
  const positions = useForceLayout(layout?.positions, graph?.links, force);

  // Each new level starts unzoomed and unfiltered.
  useEffect(() => {
    setFilters(NO_FILTERS);
    reset();
  }, [levels, reset]);

  const back = levels.length > 0 ? () => setLevels((current) => current.slice(0, -1)) : undefined;
  const actions: GraphActions = {
    hintOf: (node) => hintOf(node, levels.length > 0),
    onNode: (node: GraphNode) => {
      if (node.id === 'self') back?.();
      else if (node.entryId) void navigate(`/entry/id/${encodeURIComponent(node.entryId)}`);
      else if (node.type === 'task' || node.type === 'workflow')
        setLevels((current) => [...current, node.index]);
      else {
        const target = sectionTarget(node.section);
        if (target) void navigate(targetUrl(target, entryBasePath));
      }
    },
    ...(back ? { onBack: back } : {}),
    onColumn: setFilterKind,
  };

  const count = counts[filterKind];
  const invalid = !ranges[filterKind].ok;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={HINT_BACK}>
          <span>
            <IconButton aria-label="Back" onClick={back} disabled={!back} size="small">
              <ArrowBackIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Back to the whole workflow, unzoomed and unfiltered">
          <IconButton aria-label="Reset" onClick={() => setLevels([])} size="small">
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
        <FormControlLabel
          control={
            <Switch checked={force} onChange={(event) => setForce(event.target.checked)} size="small" />
          }
          label="Force simulation"
        />
        <TextField
          size="small"
          sx={{ flexGrow: 1, minWidth: 200 }}
          label={filterLabel(filterKind, count)}
          placeholder={FILTER_PLACEHOLDER}
          // The placeholder shows the syntax, so the label stays above the field.
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters[filterKind]}
          disabled={count === 0}
          error={invalid}
          onChange={(event) => setFilters((current) => ({ ...current, [filterKind]: event.target.value }))}
        />
      </Stack>
      {graph && layout ? (
        <>
          <Typography variant="caption" color="text.secondary">
            {`Showing ${graph.inputs.length} of ${graph.totals.inputs} inputs, ` +
              `${graph.outputs.length} of ${graph.totals.outputs} outputs` +
              (graph.tasks.length < graph.totals.tasks
                ? `, ${graph.tasks.length} of ${graph.totals.tasks} tasks`
                : '')}
          </Typography>
          <GraphSvg
            graph={graph}
            layout={layout}
            positions={positions ?? layout.positions}
            actions={actions}
            svgRef={svgRef}
            contentRef={contentRef}
          />
        </>
      ) : (
        <Alert severity="warning">This part of the workflow cannot be shown.</Alert>
      )}
      <Legend />
    </Stack>
  );
}

function defaultIndices(length: number): number[] {
  const result = parseRange('', length);
  return result.ok ? result.indices : [];
}

function hintOf(node: GraphNode, nested: boolean): string | undefined {
  if (node.id === 'self') return nested ? HINT_BACK : undefined;
  if (node.entryId) return HINT_NAVIGATE;
  if (node.type === 'task' || node.type === 'workflow') return node.expandable ? HINT_EXPAND : undefined;
  return sectionTarget(node.section) ? HINT_NAVIGATE : undefined;
}
