import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import type { UserPackages } from './metainfoAdapters.tsx';
import { userPackage } from './userPackages.ts';

/** How many schema files the root lane lists: the newest the user may see. */
const SCHEMA_FILES = 20;

/** The schema files (entries of type Schema) as packages of the metainfo browser. */
export function useUserPackages(): UserPackages {
  const api = useApi();
  return useMemo(
    () => ({
      list: async () => {
        const found = await api.call('entriesQuery', {
          body: {
            owner: 'visible',
            query: { entry_type: 'Schema' },
            pagination: { page_size: SCHEMA_FILES, order_by: 'upload_create_time', order: 'desc' },
            required: { include: ['entry_id', 'entry_name', 'mainfile'] },
          },
        });
        return found.data.map((entry) => ({
          key: `entry_id:${String(entry.entry_id)}`,
          label: String(entry.entry_name ?? entry.mainfile ?? entry.entry_id),
          secondary: `schema package (${String(entry.mainfile)})`,
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
