import type { PackageDefinition } from '@oasis/schema';
import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import type { LaneItem } from '../browser/adapter.ts';
import type { UserPackages } from './metainfoAdapters.tsx';
import { userPackage } from './userPackages.ts';

/** How many schema files the root lane lists: the newest the user may see. */
const SCHEMA_FILES = 20;

/** The schema files the user may see (GET metainfo/) as packages of the metainfo browser. */
export function useUserPackages(): UserPackages {
  const api = useApi();
  return useMemo(() => {
    // Read once per page: a search opens every listed package, and does so again at each keystroke.
    const opened = new Map<string, Promise<PackageDefinition | undefined>>();
    let listed: Promise<LaneItem[]> | undefined;
    const list = async (): Promise<LaneItem[]> => {
      const packages = await api.call('metainfoPackages', { query: { page_size: SCHEMA_FILES } });
      return packages.data
        .filter((pkg) => pkg.kind === 'schema' && pkg.entry_id)
        .map((pkg) => ({
          key: `entry_id:${String(pkg.entry_id)}`,
          label: pkg.name,
          secondary: `schema package (${String(pkg.mainfile)})`,
        }));
    };
    const open = async (key: string) => {
      const entryId = key.slice('entry_id:'.length);
      const { data } = await api.call('entryDefinitions', { params: { entry_id: entryId } });
      return userPackage(data, data.package?.name ?? key);
    };
    const forget = <T>(promise: Promise<T>, drop: () => void) =>
      promise.catch((error: unknown) => {
        // A failed read is asked again next time.
        drop();
        throw error;
      });
    return {
      list: () => (listed ??= forget(list(), () => (listed = undefined))),
      open: (key) => {
        const known = opened.get(key) ?? forget(open(key), () => opened.delete(key));
        opened.set(key, known);
        return known;
      },
    };
  }, [api]);
}
