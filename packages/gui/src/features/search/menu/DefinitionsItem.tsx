import { Box } from '@mui/material';
import { useSearchFilters } from '../context/index.ts';
import { ItemHeader } from './ItemHeader.tsx';
import { TermsItem } from './TermsItem.tsx';

/**
 * Filters by the definition that an entry instantiates: the entry type and, where the installation
 * indexes them, the section definitions an entry contains.
 */
export function DefinitionsItem({ title, showHeader }: { title?: string; showHeader?: boolean }) {
  const { definitions } = useSearchFilters();
  const sections = definitions.sections;
  return (
    <Box>
      {showHeader !== false ? (
        <ItemHeader
          title={title ?? 'Definitions'}
          description="The schema definitions that entries are made of"
        />
      ) : null}
      <TermsItem config={{ type: 'terms', search_quantity: 'entry_type', show_input: true, options: 10 }} />
      {sections?.aggregatable ? (
        <TermsItem config={{ type: 'terms', search_quantity: 'sections', show_input: true, options: 10 }} />
      ) : null}
    </Box>
  );
}
