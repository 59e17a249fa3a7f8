import { Box, Button, Link, Typography } from '@mui/material';
import type { SectionDefinition } from '@oasis/schema';
import { Quantity } from '../../components/Quantity.tsx';
import { Usage } from './Usage.tsx';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { laneUrl } from '../../components/lane-browser/lanePath.ts';
import { METAINFO_BASE } from './metainfoBase.ts';
import {
  baseSectionOf,
  inheritingSectionsOf,
  packageOf,
  qualifiedName,
  quantityType,
  sectionOfNode,
  shapeText,
  usagePathOf,
  usesOf,
  type MetainfoNode,
} from './metainfoModel.ts';

/** Where a section's lane is: below the package that defines it. */
const sectionUrl = (node: Parameters<typeof sectionOfNode>[0]) => {
  const section = sectionOfNode(node);
  const pkg = section && packageOf(section);
  return section && pkg ? laneUrl(METAINFO_BASE, [pkg.name, section.name]) : undefined;
};

/** Links to the lanes of `sections` (below their packages); nothing when there are none. */
function SectionLinks({ label, sections }: { label: string; sections: (SectionDefinition | undefined)[] }) {
  const present = sections.filter((section): section is SectionDefinition => section !== undefined);
  if (present.length === 0) return null;
  return (
    <Quantity label={label} value={present.length}>
      {present.map((section, index) => {
        const pkg = packageOf(section);
        return (
          <span key={qualifiedName(section)}>
            {index > 0 ? ', ' : null}
            {pkg ? (
              <Link component={RouterLink} to={laneUrl(METAINFO_BASE, [pkg.name, section.name])}>
                {qualifiedName(section)}
              </Link>
            ) : (
              qualifiedName(section)
            )}
          </span>
        );
      })}
    </Quantity>
  );
}

/** The sections that hold or reference a section; collapsed at first (spec 3: 'Referenced by'). */
function ReferencedBy({ node }: { node: MetainfoNode }) {
  const [open, setOpen] = useState(false);
  const section = sectionOfNode(node);
  if (!section) return null;
  const uses = open ? usesOf(section) : [];
  return (
    <Box>
      <Button size="small" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
        Referenced by
      </Button>
      {open ? (
        uses.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            This metadata is not used at all.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {uses.map(({ owner, member }) => {
              const pkg = packageOf(owner);
              return (
                <li key={`${qualifiedName(owner)}.${member}`}>
                  <Typography variant="body2">
                    {pkg ? (
                      <Link
                        component={RouterLink}
                        to={laneUrl(METAINFO_BASE, [pkg.name, owner.name, member])}
                      >
                        {owner.name}.{member}
                      </Link>
                    ) : (
                      `${owner.name}.${member}`
                    )}
                  </Typography>
                </li>
              );
            })}
          </Box>
        )
      ) : null}
    </Box>
  );
}

/** The card of one definition, by its kind (spec 3: metainfo browser). */
export function DefinitionCard({ node }: { node: MetainfoNode }) {
  const usagePath = usagePathOf(node);
  const usage = usagePath ? <Usage path={usagePath} /> : null;
  switch (node.kind) {
    case 'package':
      return (
        <Box data-testid="definition-card">
          <Quantity label="package" value={node.pkg.name} />
          <Quantity label="description" value={node.pkg.description} />
          <Quantity label="section definitions" value={node.pkg.section_definitions.length} />
        </Box>
      );
    case 'section':
      return (
        <Box data-testid="definition-card">
          <Quantity label="section" value={qualifiedName(node.section)} />
          <Quantity label="description" value={node.section.description || 'no description'} />
          <SectionLinks label="base section" sections={[baseSectionOf(node.section)]} />
          {node.section.base_sections?.length ? (
            <Quantity label="base sections" value={node.section.base_sections.join(', ')} />
          ) : null}
          <SectionLinks label="inheriting sections" sections={inheritingSectionsOf(node.section)} />
          <Quantity label="sub section definitions" value={node.section.sub_sections.length} />
          <Quantity label="quantity definitions" value={node.section.quantities.length} />
          {usage}
          <ReferencedBy node={node} />
        </Box>
      );
    case 'sub section': {
      const url = sectionUrl(node);
      const target = qualifiedName(node.subSection.section);
      return (
        <Box data-testid="definition-card">
          <Quantity label="sub section" value={node.subSection.name} />
          <Quantity label="repeats" value={node.subSection.repeats ? 'true' : 'false'} />
          <Quantity label="section" value={target}>
            {url ? (
              <Link component={RouterLink} to={url}>
                {target}
              </Link>
            ) : (
              target
            )}
          </Quantity>
          <Quantity label="description" value={node.subSection.section.description || 'no description'} />
          {usage}
          <ReferencedBy node={node} />
        </Box>
      );
    }
    case 'quantity': {
      const type = quantityType(node.quantity);
      return (
        <Box data-testid="definition-card">
          <Quantity label="quantity" value={`${qualifiedName(node.owner)}.${node.quantity.name}`} />
          <Quantity label="description" value={node.quantity.description || 'no description'} />
          <Quantity label="type" value={`${type.kind}: ${type.data}`} />
          <Quantity label="shape" value={shapeText(node.quantity)} />
          {node.quantity.unit ? <Quantity label="unit" value={node.quantity.unit} /> : null}
          {node.quantity.searchable ? <Quantity label="meta" value="searchable" /> : null}
          {usage}
        </Box>
      );
    }
  }
}
