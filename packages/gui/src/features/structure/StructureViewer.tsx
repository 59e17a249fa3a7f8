// The structure viewer's frame (spec 3 §4): size prompt, WebGL check, toggles, wrap mode, fullscreen
// and downloads. The drawing itself (three.js) is a lazily loaded chunk.
import { withWrapMode, type WrapMode } from '@oasis/chem';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  IconButton,
  MenuItem,
  Modal,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_SIZE_LIMIT, LOAD_FAILED, NO_WEBGL, sizePrompt } from './limits.ts';
import { StructureDownload } from './StructureDownload.tsx';
import type { SystemSource } from './download.ts';
import type { SceneOptions } from './StructureScene.tsx';
import type { ViewerStructure } from './types.ts';
import { checkAtomCount, viewerDefaults } from './viewerDefaults.ts';
import { FailureAlertBoundary } from '../../components/FailureBoundary.tsx';
import { hasWebGL } from './webgl.ts';

const StructureScene = lazy(() =>
  import('./StructureScene.tsx').then((module) => ({ default: module.StructureScene })),
);

export interface StructureViewerProps {
  /** undefined while loading, false when there is none. */
  structure: ViewerStructure | undefined | false;
  structuralType?: string | undefined;
  /** Atoms above which the viewer asks before drawing. */
  sizeLimit?: number;
  /** Atoms of a parent system drawn faintly around the selected part. */
  faded?: ReadonlySet<number> | undefined;
  /** The system a download writes; none: downloads are not available. */
  download?: SystemSource | undefined;
  height?: number;
  /** Controls shown above the drawing (e.g. the structure-kind selector). */
  children?: ReactNode;
}

export function StructureViewer(props: StructureViewerProps) {
  const { structure, height = 400, children } = props;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      {children}
      {/* A crash in loading or drawing the structure replaces only the viewer (spec 3 §8). */}
      <FailureAlertBoundary message={LOAD_FAILED}>
        {structure === undefined ? (
          <Placeholder height={height}>
            <CircularProgress size={24} aria-label="Loading structure" />
          </Placeholder>
        ) : structure === false ? (
          <Placeholder height={height}>
            <Typography color="text.secondary">No structure available</Typography>
          </Placeholder>
        ) : (
          // A new structure starts from its own defaults (bonds, wrap mode, prompt).
          <LoadedViewer key={structureKey(structure)} {...props} structure={structure} height={height} />
        )}
      </FailureAlertBoundary>
    </Stack>
  );
}

const structureKey = (s: ViewerStructure) => `${s.species.length}:${s.positions[0]?.join(',') ?? ''}`;

function Placeholder({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}

function LoadedViewer({
  structure,
  structuralType,
  sizeLimit = DEFAULT_SIZE_LIMIT,
  faded,
  download,
  height,
}: StructureViewerProps & { structure: ViewerStructure; height: number }) {
  const nAtoms = checkAtomCount(structure.species.length);
  const defaults = viewerDefaults(nAtoms, structuralType);
  const [accepted, setAccepted] = useState(nAtoms <= sizeLimit);
  const [bonds, setBonds] = useState(defaults.bonds);
  const [cell, setCell] = useState(!defaults.cellDisabled);
  const [latticeVectors, setLatticeVectors] = useState(!defaults.cellDisabled);
  const [wrapMode, setWrapMode] = useState<WrapMode>(defaults.wrapMode);
  const [fullscreen, setFullscreen] = useState(false);
  const webgl = useMemo(hasWebGL, []);
  const hasCell = structure.lattice !== null;
  const shown = useMemo(() => withWrapMode(structure, wrapMode), [structure, wrapMode]);
  const options: SceneOptions = useMemo(
    () => ({
      bonds: bonds && !defaults.bondsDisabled,
      cell: cell && hasCell && !defaults.cellDisabled,
      latticeVectors: latticeVectors && hasCell && !defaults.cellDisabled,
      highQuality: defaults.highQuality,
    }),
    [
      bonds,
      cell,
      latticeVectors,
      hasCell,
      defaults.bondsDisabled,
      defaults.cellDisabled,
      defaults.highQuality,
    ],
  );
  if (!accepted) {
    return (
      <Placeholder height={height}>
        <Stack spacing={1} sx={{ maxWidth: 420, alignItems: 'center', textAlign: 'center', p: 2 }}>
          <Typography>{sizePrompt(sizeLimit, nAtoms)}</Typography>
          <Button variant="contained" onClick={() => setAccepted(true)}>
            Yes
          </Button>
        </Stack>
      </Placeholder>
    );
  }
  if (!webgl) return <Alert severity="warning">{NO_WEBGL}</Alert>;
  const toolbar = (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
      <FormControlLabel
        control={<Switch size="small" checked={options.bonds} onChange={(_, on) => setBonds(on)} />}
        label="Bonds"
        disabled={defaults.bondsDisabled}
      />
      <FormControlLabel
        control={<Switch size="small" checked={options.cell} onChange={(_, on) => setCell(on)} />}
        label="Cell"
        disabled={!hasCell || defaults.cellDisabled}
      />
      <FormControlLabel
        control={
          <Switch size="small" checked={options.latticeVectors} onChange={(_, on) => setLatticeVectors(on)} />
        }
        label="Lattice"
        disabled={!hasCell || defaults.cellDisabled}
      />
      <TextField
        select
        size="small"
        label="Wrap mode"
        value={wrapMode}
        disabled={!hasCell}
        onChange={(event) => setWrapMode(event.target.value as WrapMode)}
        sx={{ minWidth: 120 }}
      >
        {(['original', 'wrap', 'unwrap'] as const).map((mode) => (
          <MenuItem key={mode} value={mode}>
            {mode}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      <StructureDownload source={download} wrapMode={wrapMode} hasCell={hasCell} />
      <Tooltip title={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
        <IconButton
          aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          onClick={() => setFullscreen(!fullscreen)}
        >
          {fullscreen ? <FullscreenExit /> : <Fullscreen />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
  const drawing = (fill: boolean) => (
    <Box sx={{ height: fill ? undefined : height, flexGrow: fill ? 1 : undefined, minHeight: 0 }}>
      <Suspense
        fallback={
          <Placeholder height={height}>
            <CircularProgress size={24} aria-label="Loading viewer" />
          </Placeholder>
        }
      >
        <StructureScene structure={shown} faded={faded} options={options} />
      </Suspense>
    </Box>
  );
  if (fullscreen) {
    // The fullscreen overlay leaves a 10 % margin and is at most 1920 px wide (spec 3 §9).
    return (
      <Modal open onClose={() => setFullscreen(false)}>
        <Box
          sx={{
            position: 'absolute',
            inset: '10%',
            maxWidth: 1920,
            mx: 'auto',
            bgcolor: 'background.paper',
            p: 2,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {toolbar}
          {drawing(true)}
        </Box>
      </Modal>
    );
  }
  return (
    <Stack spacing={0.5}>
      {toolbar}
      {drawing(false)}
    </Stack>
  );
}
