import { Alert, Button } from '@mui/material';
import { useAuth } from '../auth/AuthProvider.tsx';

/** Shown instead of pages that only make sense for a logged-in user. */
export function LoginPrompt({ text }: { text: string }) {
  const { login } = useAuth();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => void login()}>
          Login
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
