import { PlannedPage } from '../../components/PlannedPage.tsx';

export function ApisPage() {
  return (
    <PlannedPage title="APIs">
      The APIs of this installation: its own NOMAD API (v1), the OPTIMADE API for materials databases, a
      catalogue-vocabulary API and a resources-links API, each with a link to its documentation. Logged-in
      users will also be able to request an app token for scripts here.
    </PlannedPage>
  );
}
