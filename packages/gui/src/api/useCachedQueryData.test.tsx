import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCachedQueryData } from './useCachedQueryData.ts';

const key = ['uploads', 'upload', 'u1'];

describe('useCachedQueryData', () => {
  it("follows another component's query without changing how that query fetches", async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    let answers = 0;
    const page = renderHook(() => useQuery({ queryKey: key, queryFn: async () => `answer ${++answers}` }), {
      wrapper,
    });
    const crumb = renderHook(() => useCachedQueryData<string>(key), { wrapper });
    await waitFor(() => expect(crumb.result.current).toBe('answer 1'));
    // The crumb renders again after the page (as when only the header updates), then the page reloads.
    crumb.rerender();
    await act(() => client.invalidateQueries({ queryKey: key }));
    await waitFor(() => expect(page.result.current.data).toBe('answer 2'));
    expect(page.result.current.error).toBeNull();
    expect(crumb.result.current).toBe('answer 2');
    expect(client.getQueryCache().find({ queryKey: key })?.getObserversCount()).toBe(1);
  });
});
