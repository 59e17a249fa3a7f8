import { Box, Button, Link, Typography } from '@mui/material';
import { useErrors } from '../core/errors.tsx';
import { useAuth } from './AuthProvider.tsx';

/** Top-bar login area: 'Login / Register' when anonymous, 'Welcome <name>' and 'Logout' when logged in. */
export function LoginMenu() {
  const { user, ready, login, logout, accountUrl } = useAuth();
  const { raiseError } = useErrors();
  // While a login is restored after a reload, offering to log in would be wrong for a moment.
  if (!ready) return null;
  if (!user) {
    return (
      <Button color="primary" variant="contained" size="small" onClick={() => void login().catch(raiseError)}>
        Login / Register
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" component="span">
        Welcome{' '}
        <Link href={accountUrl} target="_blank" rel="noopener noreferrer" underline="hover">
          {user.name}
        </Link>
      </Typography>
      <Button color="primary" variant="outlined" size="small" onClick={() => void logout().catch(raiseError)}>
        Logout
      </Button>
    </Box>
  );
}
