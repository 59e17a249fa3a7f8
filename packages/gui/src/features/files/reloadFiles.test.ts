import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { reloadFiles } from './useFileOperations.ts';
import { filesQueryKey } from '../../api/files/rawFile.ts';

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

/** Observed lane queries, as the browser's lanes hold them, each counting its fetches. */
async function lanes(keys: unknown[][]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  clients.push(client);
  const fetches = new Map<string, number>();
  const observers = keys.map((key) => {
    const queryKey = [...filesQueryKey('u1'), ...key];
    const name = JSON.stringify(key);
    fetches.set(name, 0);
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        fetches.set(name, fetches.get(name)! + 1);
        return Promise.resolve(name);
      },
    });
    observer.subscribe(() => undefined);
    return observer;
  });
  await Promise.all(observers.map((observer) => observer.refetch()));
  for (const name of fetches.keys()) fetches.set(name, 0);
  return { client, fetches };
}

const FOLDER = ['folder', 'dir', 'v', 'items'];
const MOVED = ['file', 'dir/a.txt', 'v'];
const RESOLVED = ['folder', 'dir', 'v', 'resolve', 'a.txt'];
const BELOW = ['folder', 'dir/a.txt/deeper', 'v', 'items'];
const OTHER = ['file', 'dir/a.txt2', 'v'];

describe('reloading the file browser after a change', () => {
  it('asks again for every shown lane but those of the path that is gone', async () => {
    const { client, fetches } = await lanes([FOLDER, MOVED, RESOLVED, BELOW, OTHER]);
    await reloadFiles(client, 'u1', 'dir/a.txt');
    expect(Object.fromEntries(fetches)).toEqual({
      [JSON.stringify(FOLDER)]: 1,
      [JSON.stringify(MOVED)]: 0,
      [JSON.stringify(RESOLVED)]: 0,
      [JSON.stringify(BELOW)]: 0,
      [JSON.stringify(OTHER)]: 1,
    });
    // Marked stale all the same: shown again later, they are asked for.
    expect(client.getQueryState([...filesQueryKey('u1'), ...MOVED])?.isInvalidated).toBe(true);
  });

  it('asks again for all of them when nothing is gone', async () => {
    const { client, fetches } = await lanes([FOLDER, MOVED]);
    await reloadFiles(client, 'u1');
    expect([...fetches.values()]).toEqual([1, 1]);
  });
});
