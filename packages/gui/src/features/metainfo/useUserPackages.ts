import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import type { UserPackages } from './metainfoAdapters.tsx';
import { userPackage } from './userPackages.ts';

/** How many schema files the root lane lists: the newest the user may see. */
const SCHEMA_FILES = 20;

/** The schema files the user may see (GET metainfo/) as packages of the metainfo browser. */
export function useUserPackages(): UserPackages {
  const api = useApi();
  return useMemo(
    () => ({
      list: async () => {
        const packages = await api.call('metainfoPackages', { query: { page_size: SCHEMA_FILES } });
        return packages.data
          .filter((pkg) => pkg.kind === 'schema' && pkg.entry_id)
          .map((pkg) => ({
            key: `entry_id:${String(pkg.entry_id)}`,
            label: pkg.name,
            secondary: `schema package (${String(pkg.mainfile)})`,
          }));
      },
      open: async (key) => {
        const entryId = key.slice('entry_id:'.length);
        const { data } = await api.call('entryDefinitions', { params: { entry_id: entryId } });
        return userPackage(data, data.package?.name ?? key);
      },
    }),
    [api],
  );
}
