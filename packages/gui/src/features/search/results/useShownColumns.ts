import { useCallback, useState } from 'react';
import { toggled } from '../../../components/sets.ts';
import { columnsStorageKey } from '../storageKeys.ts';
import type { ResultColumn } from './columns.ts';

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

const configured = (columns: readonly ResultColumn[]): ReadonlySet<string> =>
  new Set(columns.filter((column) => column.selected).map((column) => column.key));

/**
 * The stored choice restricted to the app's columns; the configured one when nothing (readable) is stored,
 * or when the stored keys all left the app's configuration.
 */
function readShownColumns(
  stored: Storage | undefined,
  appPath: string,
  columns: readonly ResultColumn[],
): ReadonlySet<string> {
  try {
    const parsed: unknown = JSON.parse(stored?.getItem(columnsStorageKey(appPath)) ?? 'null');
    if (!Array.isArray(parsed)) return configured(columns);
    const keys = new Set(parsed.filter((key): key is string => typeof key === 'string'));
    const known = columns.filter((column) => keys.has(column.key)).map((column) => column.key);
    return known.length > 0 || keys.size === 0 ? new Set(known) : configured(columns);
  } catch {
    return configured(columns);
  }
}

function writeShownColumns(stored: Storage | undefined, appPath: string, keys: ReadonlySet<string>): void {
  try {
    stored?.setItem(columnsStorageKey(appPath), JSON.stringify([...keys]));
  } catch {
    // A full or disabled storage only costs the choice across reloads.
  }
}

/** The keys of the shown result columns of an app and their toggle, kept across reloads. */
export function useShownColumns(
  appPath: string,
  columns: readonly ResultColumn[],
): [ReadonlySet<string>, (key: string) => void] {
  const [state, setState] = useState(() => ({
    appPath,
    columns,
    keys: readShownColumns(storage(), appPath, columns),
  }));
  // Another app (or its columns once the artifacts are in) has its own choice.
  const current =
    state.appPath === appPath && state.columns === columns
      ? state
      : { appPath, columns, keys: readShownColumns(storage(), appPath, columns) };
  if (current !== state) setState(current);

  const toggle = useCallback(
    (key: string) =>
      setState((previous) => {
        const keys = toggled(previous.keys, key);
        writeShownColumns(storage(), previous.appPath, keys);
        return { ...previous, keys };
      }),
    [],
  );
  return [current.keys, toggle];
}
