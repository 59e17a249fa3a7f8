import { Breadcrumbs as MuiBreadcrumbs, IconButton, Link, Tooltip, Typography } from '@mui/material';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { useState } from 'react';
import { Link as RouterLink, useMatches } from 'react-router-dom';
import { HelpDialog } from '../../components/HelpDialog.tsx';
import { crumbsOf, type Crumb } from '../routeHandle.ts';

/** Breadcrumbs of the matched routes; a help icon shows the route's help as tooltip and, clicked, as dialog. */
export function Breadcrumbs() {
  const crumbs = crumbsOf(useMatches());
  const [help, setHelp] = useState<Crumb | undefined>(undefined);
  if (crumbs.length === 0) return null;
  const last = crumbs.length - 1;
  return (
    <>
      <MuiBreadcrumbs aria-label="breadcrumbs" sx={{ fontSize: '0.875rem' }}>
        {crumbs.map((crumb, index) => (
          <span key={crumb.path + crumb.label} style={{ display: 'inline-flex', alignItems: 'center' }}>
            {crumb.Self ? (
              <crumb.Self />
            ) : index === last ? (
              <Typography color="text.primary" sx={{ fontSize: 'inherit', fontWeight: 600 }}>
                <CrumbText crumb={crumb} />
              </Typography>
            ) : (
              <Link
                component={RouterLink}
                to={crumb.path}
                underline="hover"
                color="inherit"
                sx={{ fontSize: 'inherit' }}
              >
                <CrumbText crumb={crumb} />
              </Link>
            )}
            {crumb.help ? (
              <Tooltip title={crumb.help}>
                <IconButton size="small" aria-label={`help: ${crumb.label}`} onClick={() => setHelp(crumb)}>
                  <HelpOutlineOutlined sx={{ fontSize: '1rem' }} />
                </IconButton>
              </Tooltip>
            ) : null}
          </span>
        ))}
      </MuiBreadcrumbs>
      <HelpDialog open={help !== undefined} onClose={() => setHelp(undefined)}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {help?.label}
        </Typography>
        <Typography>{help?.help}</Typography>
        {help?.details?.map((paragraph) => (
          <Typography key={paragraph} sx={{ mt: 1 }}>
            {paragraph}
          </Typography>
        ))}
      </HelpDialog>
    </>
  );
}

/** The route's text, or what its label component makes of the page's data. */
function CrumbText({ crumb: { Label, label, params } }: { crumb: Crumb }) {
  return Label ? <Label params={params ?? {}} fallback={label} /> : label;
}
