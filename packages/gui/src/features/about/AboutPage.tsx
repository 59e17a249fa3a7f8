import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useEnv } from '../../core/EnvProvider.tsx';
import { Statistics } from './Statistics.tsx';
import { useInfo } from './useInfo.ts';

const SECTIONS = [
  {
    title: 'Publish',
    text: 'Upload raw files of simulations and experiments (.zip or .tar(.gz) archives of up to 32 GB). They are processed into searchable entries. Share them with co-authors, publish them, optionally with an embargo of up to 36 months, group them into datasets and get a DOI.',
    to: '/user/uploads',
    action: 'Your uploads',
  },
  {
    title: 'Explore',
    text: 'Search all published entries, and the ones shared with you, by material, method and properties. Visitors can browse and download published data without an account.',
    to: '/search',
    action: 'Search entries',
  },
  {
    title: 'Analyze',
    text: 'Use the APIs to work with the data in scripts, and browse the metadata schemas (the metainfo) that give the data its structure.',
    to: '/analyze/apis',
    action: 'APIs',
  },
] as const;

/** The landing page: what this installation is, and its statistics. */
export function AboutPage() {
  const env = useEnv();
  const info = useInfo();
  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {env.title} Oasis
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: 900 }}>
        This is a self-hosted installation (an oasis) of NOMAD, the research-data platform for materials
        science. It stores raw files from simulations and experiments, processes them into entries with
        normalized metadata, and makes them findable, accessible, interoperable and re-usable (FAIR).
        Published data is offered under the{' '}
        <Link href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          CC BY 4.0
        </Link>{' '}
        license.
      </Typography>
      {/* The answer is not validated; another server's info without statistics must not break the page. */}
      {info.data?.statistics ? (
        <Box sx={{ my: 3 }}>
          <Statistics statistics={info.data.statistics} />
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, my: 3 }}>
        {SECTIONS.map((section) => (
          <Card key={section.title} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {section.title}
              </Typography>
              <Typography variant="body2">{section.text}</Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={section.to} size="small">
                {section.action}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {info.data?.version ? `Version ${info.data.version}` : null}
        {info.data?.version && env.version.label ? ' · ' : null}
        {env.version.label ? `GUI ${env.version.label}` : null}
      </Typography>
    </Box>
  );
}
