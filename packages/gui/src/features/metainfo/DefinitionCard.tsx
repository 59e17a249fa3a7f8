import { Box, Button, Link, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { laneUrl } from '../browser/lanePath.ts';
import { METAINFO_BASE } from './metainfoBase.ts';
import {
  packageOf,
  qualifiedName,
  quantityType,
  sectionOfNode,
  shapeText,
  usesOf,
  type MetainfoNode,
} from './metainfoModel.ts';

function Property({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Where a section's lane is: below the package that defines it. */
const sectionUrl = (node: Parameters<typeof sectionOfNode>[0]) => {
  const section = sectionOfNode(node);
  const pkg = section && packageOf(section);
  return section && pkg ? laneUrl(METAINFO_BASE, [pkg.name, section.name]) : undefined;
};

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
  switch (node.kind) {
    case 'package':
      return (
        <Box data-testid="definition-card">
          <Property label="package">{node.pkg.name}</Property>
          <Property label="description">{node.pkg.description}</Property>
          <Property label="section definitions">{node.pkg.section_definitions.length}</Property>
        </Box>
      );
    case 'section':
      return (
        <Box data-testid="definition-card">
          <Property label="section">{qualifiedName(node.section)}</Property>
          <Property label="description">{node.section.description || 'no description'}</Property>
          <Property label="sub section definitions">{node.section.sub_sections.length}</Property>
          <Property label="quantity definitions">{node.section.quantities.length}</Property>
          <ReferencedBy node={node} />
        </Box>
      );
    case 'sub section': {
      const url = sectionUrl(node);
      const target = qualifiedName(node.subSection.section);
      return (
        <Box data-testid="definition-card">
          <Property label="sub section">{node.subSection.name}</Property>
          <Property label="repeats">{node.subSection.repeats ? 'true' : 'false'}</Property>
          <Property label="section">
            {url ? (
              <Link component={RouterLink} to={url}>
                {target}
              </Link>
            ) : (
              target
            )}
          </Property>
          <Property label="description">{node.subSection.section.description || 'no description'}</Property>
          <ReferencedBy node={node} />
        </Box>
      );
    }
    case 'quantity': {
      const type = quantityType(node.quantity);
      return (
        <Box data-testid="definition-card">
          <Property label="quantity">{`${qualifiedName(node.owner)}.${node.quantity.name}`}</Property>
          <Property label="description">{node.quantity.description || 'no description'}</Property>
          <Property label="type">{`${type.kind}: ${type.data}`}</Property>
          <Property label="shape">{shapeText(node.quantity)}</Property>
          {node.quantity.unit ? <Property label="unit">{node.quantity.unit}</Property> : null}
          {node.quantity.searchable ? <Property label="meta">searchable</Property> : null}
        </Box>
      );
    }
  }
}
