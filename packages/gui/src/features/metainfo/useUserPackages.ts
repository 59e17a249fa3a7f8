import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { entryDefinitionsKey } from '../eln/index.ts';
import type { UserPackages } from './metainfoAdapters.tsx';
import { userPackage } from './userPackages.ts';

/** How many schema files the root lane lists: the newest the user may see. */
const SCHEMA_FILES = 20;

/**
 * The schema files the user may see (GET metainfo/) as packages of the metainfo browser. Read through the
 * query cache: a search opens every listed package at each keystroke, and the notebook editor shares
 * the definitions.
 */
export function useUserPackages(): UserPackages {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      list: async () => {
        const packages = await queryClient.fetchQuery({
          queryKey: ['metainfo', 'packages', SCHEMA_FILES],
          queryFn: () => api.call('metainfoPackages', { query: { page_size: SCHEMA_FILES } }),
        });
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
        const { data } = await queryClient.fetchQuery({
          queryKey: entryDefinitionsKey(entryId),
          queryFn: () => api.call('entryDefinitions', { params: { entry_id: entryId } }),
        });
        return userPackage(data, data.package?.name ?? key);
      },
    }),
    [api, queryClient],
  );
}
