import { Card, CardContent, CardHeader, Chip, Stack } from '@mui/material';
import { nElementsText } from './materialNames.ts';
import { Quantity } from './Quantity.tsx';
import type { EntryMaterial } from './types.ts';

/** Composition of the entry's material; structure and symmetry views come later. */
export function MaterialCard({ material }: { material: EntryMaterial }) {
  const formula = material.chemical_formula_hill || material.chemical_formula_descriptive;
  return (
    <Card variant="outlined">
      <CardHeader title="Material" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Quantity label="formula" value={formula} />
        <Quantity label="elements" value={material.elements}>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {(material.elements ?? []).map((element) => (
              <Chip key={element} size="small" label={element} />
            ))}
          </Stack>
        </Quantity>
        <Quantity label="number of elements" value={nElementsText(material.n_elements)} />
        <Quantity label="structural type" value={material.structural_type} />
      </CardContent>
    </Card>
  );
}
