import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import type { ResultsMaterial, ResultsStructures } from '@oasis/schema';
import { Fragment, Suspense, useState, type ReactNode } from 'react';
import { displayValue } from '../../components/format.ts';
import { nElementsText } from './materialNames.ts';
import { LazyMaterialStructure as MaterialStructure } from '../structure/index.ts';
import { PropertyCard, PropertySection, QuantityGrid } from '../../components/PropertyCard.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import { availableKinds, latticeRows, withArchiveDensities, type StructureKind } from './structures.ts';
import type { ArchiveState } from '../../api/entries/types.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/** The card's height (spec 3 §2); the viewer fills what the toolbar leaves. */
const CARD_HEIGHT = 700;
const VIEWER_HEIGHT = 440;
/** Narrow columns of values: composition, symmetry and lattice fit the card's height beside the viewer. */
const DETAIL_COLUMN = 120;

/** Composition, structure viewer, symmetry and lattice of the entry's material (spec 3 §2). */
export function MaterialCard({
  material,
  structures: indexed,
  archive = { status: 'none' },
  entryId,
}: {
  material: ResultsMaterial;
  structures?: ResultsStructures | undefined;
  archive?: ArchiveState;
  /** The entry whose archive the viewer reads; without it the card shows no viewer. */
  entryId?: string | undefined;
}) {
  const kinds = indexed ? availableKinds(indexed) : [];
  const [kind, setKind] = useState<StructureKind>('original');
  // The metadata has no densities (NOMAD's index leaves them out); the archive's results have them.
  const structures = withArchiveDensities(indexed, archive);
  const formula =
    material.chemical_formula_hill ||
    material.chemical_formula_reduced ||
    material.chemical_formula_descriptive;
  const symmetry = material.symmetry;
  const shownKind = kinds.includes(kind) ? kind : (kinds[0] ?? 'original');
  const showViewer = entryId !== undefined && kinds.length > 0;
  const details = (
    <Stack spacing={2}>
      <PropertySection title="Composition">
        <QuantityGrid minWidth={DETAIL_COLUMN}>
          <Quantity label="formula" value={formula} />
          <Quantity label="structural type" value={material.structural_type} />
          <Quantity label="elements" value={material.elements}>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
              {(material.elements ?? []).map((element) => (
                <Chip key={element} size="small" label={element} />
              ))}
            </Stack>
          </Quantity>
          <Quantity label="number of elements" value={nElementsText(material.n_elements)} />
          <Quantity label="material id" value={material.material_id} />
        </QuantityGrid>
      </PropertySection>
      {symmetry ? (
        <PropertySection title="Symmetry">
          <QuantityGrid minWidth={DETAIL_COLUMN}>
            <Quantity label="crystal system" value={symmetry.crystal_system} />
            <Quantity label="bravais lattice" value={symmetry.bravais_lattice} />
            <Quantity label="space group number" value={symmetry.space_group_number} />
            <Quantity label="space group symbol" value={symmetry.space_group_symbol} />
            <Quantity label="point group" value={symmetry.point_group} />
            <Quantity label="hall symbol" value={symmetry.hall_symbol} />
            <Quantity label="structure name" value={symmetry.structure_name} />
          </QuantityGrid>
        </PropertySection>
      ) : null}
      {structures && kinds.length > 0 ? (
        <LatticeSection
          structures={structures}
          kind={shownKind}
          // With the viewer, its kind selector chooses the cell for both.
          onKindChange={showViewer ? undefined : setKind}
        />
      ) : null}
    </Stack>
  );
  if (!showViewer) {
    return <PropertyCard title="Material">{details}</PropertyCard>;
  }
  return (
    <PropertyCard title="Material">
      <MaterialLayout
        details={details}
        viewer={
          <Suspense fallback={null}>
            <MaterialStructure
              entryId={entryId}
              height={VIEWER_HEIGHT}
              kind={shownKind}
              onKindChange={setKind}
              structuralType={material.structural_type}
            />
          </Suspense>
        }
      />
    </PropertyCard>
  );
}

/** The card's body beside the viewer: from md on, the details scroll within the card's height. */
export function MaterialLayout({ details, viewer }: { details: ReactNode; viewer: ReactNode }) {
  return (
    <Box
      sx={{
        height: { md: CARD_HEIGHT },
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        // An auto row grows to the details' height and the card clips it (lattice last); a row bound
        // to the card's height lets the details scroll instead.
        gridTemplateRows: { md: 'minmax(0, 1fr)' },
        gap: 2,
      }}
    >
      {/* Focusable, so that keyboard users can scroll it too. */}
      <Box
        role="region"
        aria-label="material details"
        tabIndex={0}
        sx={{ overflowY: { md: 'auto' }, minHeight: 0, minWidth: 0 }}
      >
        {details}
      </Box>
      {viewer}
    </Box>
  );
}

function LatticeSection({
  structures,
  kind,
  onKindChange,
}: {
  structures: ResultsStructures;
  kind: StructureKind;
  onKindChange?: ((kind: StructureKind) => void) | undefined;
}) {
  const units = useEntryUnits();
  const kinds = availableKinds(structures);
  const structure = structures[`structure_${kind}`] ?? {};
  return (
    <PropertySection title="Lattice">
      {onKindChange ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_, value: StructureKind | null) => value && onKindChange(value)}
          aria-label="structure"
          sx={{ mb: 1 }}
        >
          {kinds.map((name) => (
            <ToggleButton key={name} value={name}>
              {name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      <Table size="small" aria-label="lattice parameters" sx={{ '& td, & th': { px: 0.5, py: 0.5 } }}>
        <TableBody>
          {pairs(latticeRows(structure, units)).map((row) => (
            <TableRow key={row.map(([label]) => label).join()}>
              {row.map(([label, value]) => (
                <Fragment key={label}>
                  <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ fontStyle: value === undefined ? 'italic' : undefined }}>
                    {displayValue(value)}
                  </TableCell>
                </Fragment>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PropertySection>
  );
}

/** Rows of two consecutive items (the lattice's a with α, b with β, …). */
function pairs<T>(items: readonly T[]): T[][] {
  return items.flatMap((_, index) => (index % 2 === 0 ? [items.slice(index, index + 2)] : []));
}
