import { Box, Paper, Typography } from '@mui/material';
import { useAuth, type AuthUser } from '../../auth/AuthProvider.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { DatasetsTable } from './DatasetsTable.tsx';
import { useUserDatasets } from './useDatasets.ts';

/** /user/datasets, 'Your datasets': the datasets the user created, with DOI, delete and open actions. */
export function DatasetsPage() {
  const { user, ready } = useAuth();
  if (!ready) return null;
  if (!user) {
    return (
      <Box sx={{ p: 3 }}>
        <LoginPrompt text="You have to login to use this functionality." />
      </Box>
    );
  }
  return <UserDatasets user={user} />;
}

function UserDatasets({ user }: { user: AuthUser }) {
  const { query, pageState, setPageState } = useUserDatasets(user.sub);
  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h1">
          Your datasets
        </Typography>
        <DatasetsTable
          datasets={query.data?.data ?? []}
          total={query.data?.pagination.total ?? 0}
          pageState={pageState}
          onPageStateChange={setPageState}
        />
      </Paper>
    </Box>
  );
}
