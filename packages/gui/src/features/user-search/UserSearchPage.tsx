import { PlannedPage } from '../../components/PlannedPage.tsx';

export function UserSearchPage() {
  return (
    <PlannedPage title="Search your data">
      A search over the entries you uploaded or that others shared with you, published or not, with the same
      filters as the explore apps.
    </PlannedPage>
  );
}
