import {
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
import { useState } from 'react';
import { displayValue } from '../../components/format.ts';
import { nElementsText } from './materialNames.ts';
import { PropertyCard, PropertySection, QuantityGrid } from './PropertyCard.tsx';
import { Quantity } from './Quantity.tsx';
import { availableKinds, latticeRows, withArchiveDensities, type StructureKind } from './structures.ts';
import type { ArchiveState } from './types.ts';
import { useEntryUnits } from './useEntryUnits.ts';

/** Composition, symmetry and lattice of the entry's material; a 3D structure viewer comes later. */
export function MaterialCard({
  material,
  structures: indexed,
  archive = { status: 'none' },
}: {
  material: ResultsMaterial;
  structures?: ResultsStructures | undefined;
  archive?: ArchiveState;
}) {
  // The metadata has no densities (NOMAD's index leaves them out); the archive's results have them.
  const structures = withArchiveDensities(indexed, archive);
  const formula =
    material.chemical_formula_hill ||
    material.chemical_formula_reduced ||
    material.chemical_formula_descriptive;
  const symmetry = material.symmetry;
  return (
    <PropertyCard title="Material">
      <Stack spacing={2}>
        <PropertySection title="Composition">
          <QuantityGrid>
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
            <QuantityGrid>
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
        {structures && availableKinds(structures).length > 0 ? (
          <LatticeSection structures={structures} />
        ) : null}
      </Stack>
    </PropertyCard>
  );
}

function LatticeSection({ structures }: { structures: ResultsStructures }) {
  const units = useEntryUnits();
  const kinds = availableKinds(structures);
  const [selected, setSelected] = useState<StructureKind>(kinds[0] ?? 'original');
  const kind = kinds.includes(selected) ? selected : (kinds[0] ?? 'original');
  const structure = structures[`structure_${kind}`] ?? {};
  return (
    <PropertySection title="Lattice">
      <ToggleButtonGroup
        size="small"
        exclusive
        value={kind}
        onChange={(_, value: StructureKind | null) => value && setSelected(value)}
        aria-label="structure"
        sx={{ mb: 1 }}
      >
        {kinds.map((name) => (
          <ToggleButton key={name} value={name}>
            {name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Table size="small" aria-label="lattice parameters">
        <TableBody>
          {latticeRows(structure, units).map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
                {label}
              </TableCell>
              <TableCell sx={{ fontStyle: value === undefined ? 'italic' : undefined }}>
                {displayValue(value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PropertySection>
  );
}
