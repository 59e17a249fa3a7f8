import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import type { Owner } from '@oasis/schema';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { useSearchFilters } from '../context/index.ts';
import { ItemHeader } from './ItemHeader.tsx';

/** The visibility scopes a search may use (spec 2 §4); 'staging' reads as Unpublished. */
const VISIBILITY_OPTIONS: readonly { value: Owner; label: string; description: string }[] = [
  { value: 'all', label: 'All', description: 'Published data and your own or shared unpublished data' },
  { value: 'public', label: 'Public', description: 'Published data that everyone can see' },
  { value: 'visible', label: 'Visible', description: 'Everything you are allowed to see' },
  { value: 'shared', label: 'Shared', description: 'Data you own or that is shared with you' },
  { value: 'user', label: 'User', description: 'Only your own data' },
  {
    value: 'staging',
    label: 'Unpublished',
    description: 'Your own or shared data that is not published yet',
  },
];

/** Chooses the search's visibility; anonymous visitors can only search public data. */
export function VisibilityItem({ title, showHeader }: { title?: string; showHeader?: boolean }) {
  const { owner, setOwner } = useSearchFilters();
  const { user } = useAuth();
  const label = title ?? 'Visibility';
  return (
    <>
      {showHeader !== false ? (
        <ItemHeader title={label} description="Which data to search, by who may see it" />
      ) : null}
      <RadioGroup
        aria-label={label}
        value={owner}
        onChange={(event) => setOwner(event.target.value as Owner)}
      >
        {VISIBILITY_OPTIONS.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio size="small" />}
            label={option.label}
            title={option.description}
            disabled={!user && option.value !== 'public'}
          />
        ))}
      </RadioGroup>
    </>
  );
}
