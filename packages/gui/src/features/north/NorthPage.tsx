import { PlannedPage } from '../../components/PlannedPage.tsx';

export function NorthPage() {
  return (
    <PlannedPage title="NOMAD Remote Tools Hub (NORTH)">
      Analysis tools (such as Jupyter notebooks) that run next to the data of this installation, with access
      to your uploads.
    </PlannedPage>
  );
}
