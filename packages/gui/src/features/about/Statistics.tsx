import { Box, Typography } from '@mui/material';
import type { InfoResponse } from '@oasis/schema';
import { abbreviateNumber } from '../../components/format.ts';

const STATISTICS: { key: keyof InfoResponse['statistics']; label: string }[] = [
  { key: 'n_entries', label: 'entries' },
  { key: 'n_materials', label: 'materials' },
  { key: 'n_uploads', label: 'uploads' },
  { key: 'n_users', label: 'users' },
];

/** The installation's numbers from `GET info`. */
export function Statistics({ statistics }: { statistics: InfoResponse['statistics'] }) {
  const shown = STATISTICS.filter(({ key }) => typeof statistics[key] === 'number');
  if (shown.length === 0) return null;
  return (
    <Box component="dl" aria-label="statistics" sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', m: 0 }}>
      {shown.map(({ key, label }) => (
        <Box key={key} sx={{ textAlign: 'center' }}>
          <Typography component="dd" variant="h5" color="primary" sx={{ m: 0, fontWeight: 700 }}>
            {abbreviateNumber(statistics[key])}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
