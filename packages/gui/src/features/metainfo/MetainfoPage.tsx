import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { builtinPackages } from '@oasis/schema';
import { useMemo, useState } from 'react';
import { LaneBrowser } from '../../components/lane-browser/LaneBrowser.tsx';
import { metainfoRootAdapter } from './metainfoAdapters.tsx';
import { METAINFO_BASE } from './metainfoBase.ts';
import { useUserPackages } from './useUserPackages.ts';

const ALL_PACKAGES = 'all';

/** /analyze/metainfo/{path}: the definitions of the metainfo in lanes (spec 3: metainfo browser). */
export function MetainfoPage() {
  const [search, setSearch] = useState('');
  const [packageName, setPackageName] = useState(ALL_PACKAGES);
  const userPackages = useUserPackages();
  const root = useMemo(
    () =>
      metainfoRootAdapter(
        { search, packageName: packageName === ALL_PACKAGES ? undefined : packageName },
        userPackages,
      ),
    [search, packageName, userPackages],
  );
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        The NOMAD Metainfo
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 850 }}>
        The metainfo defines what an entry's archive may contain: sections, their sub-sections and quantities
        with types, shapes and units. Browse the definitions by package, or search them by name.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="search definitions"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: 850, maxWidth: '100%' }}
        />
        <TextField
          select
          size="small"
          label="source package"
          value={packageName}
          onChange={(event) => setPackageName(event.target.value)}
          sx={{ width: 350, maxWidth: '100%' }}
        >
          <MenuItem value={ALL_PACKAGES}>all</MenuItem>
          {builtinPackages.map((pkg) => (
            <MenuItem key={pkg.name} value={pkg.name}>
              {pkg.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <LaneBrowser baseUrl={METAINFO_BASE} root={root} height="calc(100vh - 320px)" />
    </Box>
  );
}
