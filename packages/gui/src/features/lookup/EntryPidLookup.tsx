import { useParams } from 'react-router-dom';
import { PlannedPage } from '../../components/PlannedPage.tsx';

/** entry/pid/{pid}/{handle?}: persistent ids of the original NOMAD repository are not stored here yet. */
export function EntryPidLookup() {
  const { pid, handle } = useParams();
  return (
    <PlannedPage title="Entry by persistent id">
      Resolves the persistent id <code>{[pid, handle].filter(Boolean).join('/')}</code> to the entry it names
      and opens that entry.
    </PlannedPage>
  );
}
