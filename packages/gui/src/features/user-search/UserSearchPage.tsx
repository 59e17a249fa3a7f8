import { Box, Typography } from '@mui/material';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { SearchPage } from '../search/SearchPage.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { useEmbeddedSearchApp } from './embeddedSearchApp.ts';

// The data the user uploaded, as NOMAD's 'Your data' page locks it: visibility 'user'.
const USER_DATA = { visibility: 'user' } as const;

/** /user/search: the entries search over the user's own data (spec 3 §2). */
export function UserSearchPage() {
  const { user, ready } = useAuth();
  if (!ready) return null;
  if (!user) {
    return (
      <Box sx={{ p: 3 }}>
        <LoginPrompt text="Please login to search your data." />
      </Box>
    );
  }
  return <UserSearch />;
}

function UserSearch() {
  const app = useEmbeddedSearchApp(USER_DATA);
  return (
    <SearchPage
      app={app}
      header={
        <Typography variant="h5" component="h1">
          Your data
        </Typography>
      }
    />
  );
}
