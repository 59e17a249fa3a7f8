import { useParams } from 'react-router-dom';
import { PlannedPage } from '../../components/PlannedPage.tsx';

export function DatasetPage() {
  const { datasetId } = useParams();
  return (
    <PlannedPage title="Dataset">
      The dataset <code>{datasetId}</code>: its name, DOI, creation and modification dates, and a searchable
      list of the entries it contains.
    </PlannedPage>
  );
}
