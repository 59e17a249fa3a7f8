import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" gutterBottom>
        Page not found
      </Typography>
      <Typography>
        There is no page at this address. Go to the{' '}
        <Link component={RouterLink} to="/about/information">
          start page
        </Link>
        .
      </Typography>
    </Box>
  );
}
