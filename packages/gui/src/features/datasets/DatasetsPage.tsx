import { PlannedPage } from '../../components/PlannedPage.tsx';

export function DatasetsPage() {
  return (
    <PlannedPage title="Your datasets">
      The datasets you created: each groups entries from your uploads under a name. A dataset can be given a
      DOI so that it can be cited; datasets with a DOI can no longer be changed.
    </PlannedPage>
  );
}
