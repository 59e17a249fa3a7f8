import { Alert, Button, Card, CardContent, CardHeader, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useArchive } from '../../api/entries/useEntry.ts';
import { ARCHIVE_PARSER } from '../../api/entries/parsers.ts';
import { archiveData } from '../../api/entries/types.ts';
import { H5Viewer } from './H5Viewer.tsx';
import { findHdf5References, type Hdf5Problem, type Hdf5Reference } from './hdf5References.ts';
import { H5_CANNOT_RESOLVE, H5_NO_ANNOTATIONS } from './texts.ts';

/** Entries written as NOMAD archive files are those whose data sections may hold HDF5 references. */
export const mayReferenceHdf5 = (parserName: string | undefined) => parserName === ARCHIVE_PARSER;

const DATA_REQUIRED = { data: '*' } as const;

/**
 * The 'hdf5dataset' overview card ("HDF5 datasets"): the HDF5 datasets the entry's data section references
 * (HDF5Reference values), each opened in h5web on request. Shown only when there are any.
 */
export function Hdf5DatasetsCard({ entryId, uploadId }: { entryId: string; uploadId: string }) {
  const { data, error } = useArchive(entryId, DATA_REQUIRED);
  if (error) return null;
  if (!data) return null;
  const section = (archiveData(data) as { data?: unknown }).data;
  if (section === undefined) return null;
  const { references, problems } = findHdf5References(section, 'data', uploadId);
  const items: Item[] = [
    ...references.map((reference) => ({ path: reference.quantityPath, reference })),
    ...problems.map((problem) => ({ path: problem.sectionPath, problem: problem.problem })),
  ];
  if (items.length === 0) return null;
  return <Hdf5References items={items} />;
}

type Item = { path: string } & ({ reference: Hdf5Reference } | { problem: Hdf5Problem['problem'] });

function Hdf5References({ items }: { items: readonly Item[] }) {
  const [selected, setSelected] = useState(0);
  const item = items[selected] ?? items[0]!;
  return (
    <Card variant="outlined">
      <CardHeader title="HDF5 datasets" titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        {items.length > 1 ? (
          <TextField
            select
            size="small"
            label="Dataset"
            value={selected}
            onChange={(event) => setSelected(Number(event.target.value))}
            sx={{ mb: 2, minWidth: 300 }}
          >
            {items.map((choice, index) => (
              <MenuItem key={`${choice.path}-${index}`} value={index}>
                {choice.path}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {'reference' in item ? (
          <ReferenceView key={selected} reference={item.reference} />
        ) : (
          <Alert severity="warning">
            {item.problem === 'unresolved' ? H5_CANNOT_RESOLVE : H5_NO_ANNOTATIONS}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** h5web (a large chunk) loads when the user opens the dataset, not with the overview. */
function ReferenceView({ reference }: { reference: Hdf5Reference }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {reference.file}
        {reference.datasetPath}
      </Typography>
      {open ? (
        <H5Viewer uploadId={reference.uploadId} path={reference.file} initialPath={reference.datasetPath} />
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Open in h5web
        </Button>
      )}
    </>
  );
}
