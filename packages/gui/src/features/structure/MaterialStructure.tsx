// The viewer of the material card: the entry's structures (original, conventional, primitive) and its
// topology systems, read from the archive; downloads go through GET systems with the system's path.
import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ResultsMaterial, ResultsStructures } from '@oasis/schema';
import { useMemo, useState } from 'react';
import { useArchive } from '../../api/entries/useEntry.ts';
import { findNode, isOriginal, topologyTree, viewerStructure, type TopologyNode } from './fromResults.ts';
import { DEFAULT_SIZE_LIMIT, LOAD_FAILED, TOPOLOGY_SIZE_LIMIT } from './limits.ts';
import { StructureViewer } from './StructureViewer.tsx';
import { TopologyTree } from './TopologyTree.tsx';

const KINDS = ['original', 'conventional', 'primitive'] as const;
export type StructureKind = (typeof KINDS)[number];

/** The topology tree scrolls below the viewer, so the card keeps its height. */
const TREE_HEIGHT = 110;

/** What the archive request fetches: the cells and the topology, not the rest of the archive. */
const REQUIRED = { results: { material: { topology: '*' }, properties: { structures: '*' } } };

interface ArchiveResults {
  results?: { material?: ResultsMaterial; properties?: { structures?: ResultsStructures } };
}

export interface MaterialStructureProps {
  entryId: string;
  height: number;
  /** The structure kind shown (shared with the card's lattice parameters). */
  kind: StructureKind;
  onKindChange: (kind: StructureKind) => void;
  /** The material's structural type (molecules are shown unwrapped, without cell). */
  structuralType?: string | undefined;
}

export function MaterialStructure({
  entryId,
  height,
  kind: selectedKind,
  onKindChange,
  structuralType: materialType,
}: MaterialStructureProps) {
  const { data, error } = useArchive(entryId, REQUIRED);
  const results = (data?.data.archive as ArchiveResults | undefined)?.results;
  const structures = results?.properties?.structures;
  const material = results?.material;
  const tree = useMemo(() => topologyTree(material?.topology, structures), [material, structures]);
  const kinds = KINDS.filter((kind) => structures?.[`structure_${kind}`]);
  // A system chosen in the topology tree; choosing a kind goes back to the cells.
  const [path, setPath] = useState<string | undefined>(undefined);
  const loading = data === undefined;
  const node = path ? findNode(tree, path) : undefined;
  const kind = node ? undefined : selectedKind;
  const structure = loading
    ? undefined
    : node
      ? (node.parent?.structure ?? node.structure ?? false)
      : (viewerStructure(structures?.[`structure_${kind ?? 'original'}`]) ?? false);
  const faded = useMemo(() => fadedAtoms(node), [node]);
  // A kind's download is the topology system of that cell (the primitive cell is none).
  const downloadPath = node ? node.path : kindSystem(material?.topology, kind ?? 'original')?.system_id;
  const structuralType = node?.structuralType ?? materialType;
  if (error) return <Alert severity="error">{LOAD_FAILED}</Alert>;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <StructureViewer
        structure={structure}
        structuralType={structuralType}
        sizeLimit={tree.length > 0 ? TOPOLOGY_SIZE_LIMIT : DEFAULT_SIZE_LIMIT}
        faded={faded}
        download={downloadPath ? { entryId, path: downloadPath } : undefined}
        height={height}
      >
        {kinds.length > 0 ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind ?? null}
            onChange={(_, value: StructureKind | null) => {
              if (!value) return;
              setPath(undefined);
              onKindChange(value);
            }}
            aria-label="structure kind"
          >
            {KINDS.map((name) => (
              <ToggleButton key={name} value={name} disabled={!kinds.includes(name)}>
                {name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        ) : null}
      </StructureViewer>
      {tree.length > 0 ? (
        <Box sx={{ maxHeight: TREE_HEIGHT, overflowY: 'auto' }}>
          <TopologyTree nodes={tree} selected={node?.path} onSelect={setPath} />
        </Box>
      ) : null}
    </Stack>
  );
}

type TopologySystem = NonNullable<ResultsMaterial['topology']>[number];

function kindSystem(topology: readonly TopologySystem[] | undefined, kind: StructureKind) {
  if (kind === 'original') return topology?.find(isOriginal);
  if (kind === 'conventional') return topology?.find((s) => s.system_relation?.type === 'conventional_cell');
  return topology?.find((s) => s.system_relation?.type === 'primitive_cell');
}

/** For a part of a parent system: the parent's other atoms, drawn at 10 % opacity. */
function fadedAtoms(node: TopologyNode | undefined): ReadonlySet<number> | undefined {
  if (!node?.parent) return undefined;
  const own = new Set(node.parent.indices);
  const faded = new Set<number>();
  node.parent.structure.species.forEach((_, i) => {
    if (!own.has(i)) faded.add(i);
  });
  return faded;
}
