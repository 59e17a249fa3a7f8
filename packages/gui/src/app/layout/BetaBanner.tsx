import { Alert } from '@mui/material';
import { SafeLink } from '../../components/SafeLink.tsx';
import { useState } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';

/** Warns that this is a beta/test version of the installation; dismissible for the session. */
export function BetaBanner() {
  const { version } = useEnv();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !(version.isBeta || version.isTest)) return null;
  const label = version.label ? ` (${version.label})` : '';
  return (
    <Alert severity="warning" onClose={() => setDismissed(true)} sx={{ borderRadius: 0 }}>
      You are using a {version.isBeta ? 'beta' : 'test'} version of NOMAD{label}.{' '}
      {version.usesBetaData
        ? 'It uses separate beta data: uploads made here may be lost. '
        : 'It shows the official data, but may still have errors. '}
      {version.officialUrl ? (
        <SafeLink href={version.officialUrl} color="inherit" sx={{ fontWeight: 600 }}>
          Click here for the official version.
        </SafeLink>
      ) : null}
    </Alert>
  );
}
