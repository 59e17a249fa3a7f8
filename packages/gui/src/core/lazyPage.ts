import { VersionMismatch } from '@oasis/client';
import { lazy, type ComponentType } from 'react';

/**
 * Code-splits a page. A chunk that fails to load almost always means the server was updated and the
 * old chunk names are gone, so the error tells the user to reload.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      console.error(error);
      throw new VersionMismatch(error instanceof Error ? error.message : String(error));
    }
  });
}
