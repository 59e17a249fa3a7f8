import { Box, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';

export interface ApiCardProps {
  title: string;
  /** The URL programs call; shown with a copy button. */
  baseUrl: string;
  links: ReadonlyArray<{ label: string; href: string }>;
  description: ReactNode;
  /** More below the links (the app token form). */
  children?: ReactNode;
}

/** One API of the installation: what it is for, where it is, and its documentation. */
export function ApiCard({ title, baseUrl, links, description, children }: ApiCardProps) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2">{description}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <Typography variant="body2">Base URL:</Typography>
        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
          {baseUrl}
        </Typography>
        <CopyButton value={baseUrl} label={`Copy the ${title} base URL`} />
      </Box>
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} target="_blank" rel="noreferrer">
              {link.label}
            </Link>
          </li>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
