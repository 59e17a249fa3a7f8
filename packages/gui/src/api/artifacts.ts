import { useQuery } from '@tanstack/react-query';
import type { Artifacts } from '@oasis/schema';
import { useApi } from './ApiProvider.tsx';

/** Served next to index.html by the server that serves this GUI (NOMAD's artifacts.js, as JSON). */
const artifactsUrl = () => `${window.location.origin}${import.meta.env.BASE_URL}artifacts.json`;

const isArtifacts = (value: unknown): value is Artifacts =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Artifacts>).searchQuantities === 'object' &&
  Array.isArray((value as Partial<Artifacts>).unitList);

/**
 * The installation's search quantities, metainfo and units. Loaded once, when a page first needs them,
 * so the landing page does not pay for them.
 */
export function useArtifacts() {
  const api = useApi();
  return useQuery({
    queryKey: ['artifacts'],
    queryFn: async (): Promise<Artifacts> => {
      const body = await api.getJson(artifactsUrl());
      if (!isArtifacts(body)) throw new Error('The GUI artifacts served by this installation are malformed.');
      return body;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
