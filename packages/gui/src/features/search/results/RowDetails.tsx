import { Box, Button, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { displayValue } from '../../../components/format.ts';
import { authorsText, datasetsText, References, type ResultRow } from './ResultCell.tsx';
import { compilePath, evaluatePath } from '../../../core/jmespath.ts';
import { entryPagePath } from './rowActions.ts';

/** Material and method quantities shown in the details (spec 2 §2 "Row details"). */
const MATERIAL_AND_METHOD: ReadonlyArray<readonly [string, string]> = [
  ['Formula', 'results.material.chemical_formula_hill'],
  ['Method name', 'results.method.method_name'],
  ['Workflow name', 'results.method.workflow_name'],
  ['Program name', 'results.method.simulation.program_name'],
  ['Program version', 'results.method.simulation.program_version'],
  ['XC functional type', 'results.method.simulation.dft.xc_functional_type'],
  ['XC functional names', 'results.method.simulation.dft.xc_functional_names'],
  ['Basis set type', 'results.method.simulation.dft.basis_set_type'],
];

const IDS = ['entry_id', 'mainfile', 'upload_id', 'raw_id', 'external_id'] as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

const at = (row: ResultRow, path: string) => evaluatePath(row, compilePath(path));

/** The expanded details of an entry row. */
export function RowDetails({ row, appPath }: { row: ResultRow; appPath: string }) {
  const entryId = typeof row.entry_id === 'string' ? row.entry_id : undefined;
  return (
    <Box sx={{ p: 2 }} role="region" aria-label="entry details">
      <Grid container spacing={3}>
        <Grid size={4}>
          <Item label="Comment">{displayValue(row.comment)}</Item>
          <Item label="References">
            <References row={row} />
          </Item>
          <Item label="Authors">{authorsText(row, true)}</Item>
          <Item label="Datasets">{datasetsText(row)}</Item>
        </Grid>
        <Grid size={4}>
          {MATERIAL_AND_METHOD.map(([label, path]) => (
            <Item key={path} label={label}>
              {displayValue(at(row, path))}
            </Item>
          ))}
        </Grid>
        <Grid size={4}>
          {IDS.map((id) => (
            <Item key={id} label={id}>
              {displayValue(row[id])}
            </Item>
          ))}
        </Grid>
      </Grid>
      {entryId ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            component={RouterLink}
            to={entryPagePath(appPath, entryId)}
            variant="contained"
            size="small"
          >
            Go to the entry page
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
