import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { acceptTermsCookie, hasCookie, TERMS_COOKIE } from '../cookies.ts';

/** Bottom bar explaining the cookies in use until the user accepts. */
export function CookieNotice() {
  const [accepted, setAccepted] = useState(() => hasCookie(TERMS_COOKIE));
  if (accepted) return null;
  const accept = () => {
    document.cookie = acceptTermsCookie();
    setAccepted(true);
  };
  return (
    <Paper
      role="region"
      aria-label="cookie notice"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        // Above the page, below dialogs: it must never cover a dialog's buttons.
        zIndex: (theme) => theme.zIndex.appBar + 1,
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, maxWidth: 1200, mx: 'auto' }}>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          This website uses only strictly necessary cookies: to keep you logged in and to remember that you
          have seen this notice. There is no tracking and no cookies from third parties. By using this website
          you accept the terms of use; data you publish here is made available under the CC BY 4.0 license.
        </Typography>
        <Button variant="contained" color="primary" onClick={accept}>
          Accept
        </Button>
      </Box>
    </Paper>
  );
}
