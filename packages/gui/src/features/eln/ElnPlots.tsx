import { Alert, Card, CardContent, CardHeader } from '@mui/material';
import { useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import type { ArchiveData, EntryData } from '../../api/entries/types.ts';
import { isObject } from './elnModel.ts';
import { sectionFigures } from './sectionPlots.ts';
import { useEntryDefinitions } from './useEntryDefinitions.ts';

/** The plots a notebook's sections annotate or store (spec 3 §9), one card each, beside its editor. */
export function ElnPlots({ entry, archive }: { entry: EntryData; archive: ArchiveData }) {
  const definitions = useEntryDefinitions(entry.entry_id).data?.data;
  const data = (archive as { data?: unknown }).data;
  const figures = useMemo(
    () =>
      definitions && isObject(data) && entry.mainfile
        ? sectionFigures(definitions, data, entry.mainfile)
        : [],
    [definitions, data, entry.mainfile],
  );
  return figures.map((figure) => (
    <Card key={figure.key}>
      <CardHeader title={figure.label} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        {figure.error ? (
          <Alert severity="error">{figure.error}</Alert>
        ) : (
          <Plot data={figure.data} layout={figure.layout} label={figure.label} />
        )}
      </CardContent>
    </Card>
  ));
}
