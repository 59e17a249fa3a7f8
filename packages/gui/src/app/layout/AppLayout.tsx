import { AppBar, Box, LinearProgress, Toolbar } from '@mui/material';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { GlobalLoginGate } from './GlobalLoginGate.tsx';
import { UnitsMenu, UnitsProvider } from '../../features/units/index.ts';
import { LoginMenu } from '../../auth/LoginMenu.tsx';
import { MIN_LAYOUT_WIDTH, TOP_BAR_SPACING } from '../theme.ts';
import { BetaBanner } from './BetaBanner.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { MainMenu } from './MainMenu.tsx';
import { OasisLogo } from './OasisLogo.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** The shell around every page: fixed top bar (logo, menu, login, breadcrumbs, progress) and content. */
export function AppLayout() {
  return (
    // The unit system chosen in the top bar applies to every page below it.
    <UnitsProvider>
      <Box sx={{ minWidth: MIN_LAYOUT_WIDTH }}>
        <ScrollToTop />
        <AppBar
          position="fixed"
          color="inherit"
          elevation={1}
          sx={{ minWidth: MIN_LAYOUT_WIDTH, height: (theme) => theme.spacing(TOP_BAR_SPACING) }}
        >
          <Toolbar variant="dense" sx={{ gap: 3, pt: 0.5 }}>
            <RouterLink to="/about/information" aria-label="start page" style={{ display: 'flex' }}>
              <OasisLogo height={36} />
            </RouterLink>
            <MainMenu />
            <Box sx={{ flexGrow: 1 }} />
            <UnitsMenu />
            <LoginMenu />
          </Toolbar>
          <Box sx={{ px: 3, pb: 0.5 }}>
            <Breadcrumbs />
          </Box>
          <LoadingBar />
        </AppBar>
        <Box component="main" sx={{ pt: TOP_BAR_SPACING, pb: 12 }}>
          <BetaBanner />
          <GlobalLoginGate>
            <Suspense fallback={<LinearProgress aria-label="loading page" />}>
              <Outlet />
            </Suspense>
          </GlobalLoginGate>
        </Box>
        <CookieNotice />
      </Box>
    </UnitsProvider>
  );
}
