import { Button, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { laneUrl } from '../../components/lane-browser/lanePath.ts';
import { PropertyCard } from '../../components/PropertyCard.tsx';
import { useEntryDefinitions } from '../eln/index.ts';
import { METAINFO_BASE } from './metainfoBase.ts';
import { baseName } from './userPackages.ts';

/** The first paragraph of a description, without markdown's emphasis marks. */
const summaryOf = (description: string | undefined) =>
  (description ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    ?.replace(/[*_`]/g, '')
    .trim() ?? '';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The 'definitions' overview card of a schema file's entry (spec 3 §2): the sections its package defines,
 * what each inherits and holds, each linked to its lane in the metainfo browser. Nothing for an entry
 * that defines no package.
 */
export function SchemaDefinitionsCard({ entryId }: { entryId: string }) {
  const { data } = useEntryDefinitions(entryId);
  const definitions = data?.data;
  const pkg = definitions?.package;
  if (!definitions || !pkg || pkg.sections.length === 0) return null;
  // Where the metainfo browser lists the package of a schema file (useUserPackages).
  const packageKey = `entry_id:${entryId}`;
  return (
    <PropertyCard
      title="Definitions"
      action={
        <Button component={RouterLink} to={laneUrl(METAINFO_BASE, [packageKey])} size="small">
          Open in the metainfo browser
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {pkg.name ? `The schema package '${pkg.name}'` : 'This schema'} defines{' '}
        {counted(pkg.sections.length, 'section')}.
      </Typography>
      <List dense disablePadding>
        {pkg.sections.map((key) => {
          const section = definitions.sections[key];
          if (!section) return null;
          const own = section.quantities.filter((quantity) => quantity.defined_by === key).length;
          const bases = section.base_sections.map((base) => baseName(definitions, base));
          const details = [
            summaryOf(section.description),
            bases.length > 0 ? `inherits from ${bases.join(', ')}` : '',
            `${counted(own, 'quantity', 'quantities')}, ${counted(section.sub_sections.length, 'sub-section')}`,
          ].filter(Boolean);
          return (
            <ListItem key={key} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={laneUrl(METAINFO_BASE, [packageKey, section.name])}>
                    {section.name}
                  </Link>
                }
                secondary={details.join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </PropertyCard>
  );
}
