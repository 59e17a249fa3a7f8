import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { LaneAdapter } from './adapter.ts';
import { LaneBrowser } from './LaneBrowser.tsx';
import { parseIndexedKey, resolveIndex } from './lanePath.ts';

type Tree = { [key: string]: Tree | string[] | string };

/** An adapter over a nested object; arrays are addressed as `name:index`, 3 items per page. */
function treeAdapter(node: Tree | string, path: string[] = []): LaneAdapter {
  if (typeof node === 'string') {
    return { cacheKey: ['tree', ...path], title: path.at(-1), render: () => <p>value {node}</p> };
  }
  const keys = Object.entries(node).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((_, index) => `${key}:${index}`) : [key],
  );
  return {
    cacheKey: ['tree', ...path],
    title: path.at(-1) ?? 'root',
    list: (page) =>
      Promise.resolve({
        items: keys.slice((page - 1) * 3, page * 3).map((key) => ({ key, label: key })),
        hasMore: page * 3 < keys.length,
        total: keys.length,
      }),
    resolve: (key) => {
      const { name, index } = parseIndexedKey(key);
      const value = node[index === undefined ? key : name];
      if (value === undefined) return Promise.resolve(undefined);
      if (Array.isArray(value)) {
        const at = index === undefined ? undefined : resolveIndex(index, value.length);
        return Promise.resolve(at === undefined ? undefined : treeAdapter(value[at] ?? '', [...path, key]));
      }
      return Promise.resolve(treeAdapter(value, [...path, key]));
    },
  };
}

const tree: Tree = {
  'a/b': { c: 'C' },
  runs: ['first', 'second', 'third'],
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, `v${i}`])),
};

function renderAt(path: string) {
  const root = treeAdapter(tree);
  const router = createMemoryRouter(
    [{ path: '/base/*', element: <LaneBrowser baseUrl="/base" root={root} height={300} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('LaneBrowser', () => {
  it('restores all lanes from a deep link with escaped keys', async () => {
    renderAt('/base/a%2Fb/c');
    expect(await screen.findByText('value C')).toBeInTheDocument();
    const lanes = screen.getAllByTestId('lane');
    expect(lanes).toHaveLength(3);
    const selected = within(lanes[0] as HTMLElement)
      .getByText('a/b')
      .closest('a');
    expect(selected).toHaveClass('Mui-selected');
    expect(selected).toHaveAttribute('href', '/base/a%2Fb');
    expect(
      within(lanes[1] as HTMLElement)
        .getByText('c')
        .closest('a'),
    ).toHaveAttribute('href', '/base/a%2Fb/c');
  });

  it('opens repeats by negative index', async () => {
    renderAt('/base/runs:-1');
    expect(await screen.findByText('value third')).toBeInTheDocument();
  });

  it('says which item could not be found', async () => {
    renderAt('/base/a%2Fb/missing');
    expect(await screen.findByText('The item "missing" could not be found.')).toBeInTheDocument();
    expect(screen.getAllByTestId('lane')).toHaveLength(3);
  });

  it('loads the next page when the lane is scrolled to its end', async () => {
    renderAt('/base');
    expect(await screen.findByText('runs:1')).toBeInTheDocument();
    expect(screen.queryByText('runs:2')).not.toBeInTheDocument();
    const scroller = screen.getByTestId('lane-scroll');
    Object.defineProperties(scroller, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 300, configurable: true },
    });
    scroller.scrollTop = 500;
    fireEvent.scroll(scroller);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('runs:2')).not.toBeInTheDocument();
    scroller.scrollTop = 660;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('runs:2')).toBeInTheDocument();
  });

  it('shows a side panel beside the lanes', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/base/*',
          element: <LaneBrowser baseUrl="/base" root={treeAdapter(tree)} side={<p>side panel</p>} />,
        },
      ],
      { initialEntries: ['/base'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('lane-browser-side')).toHaveTextContent('side panel');
    expect(await screen.findByText('runs:1')).toBeInTheDocument();
  });

  it('follows links: clicking an item opens its lane', async () => {
    const router = renderAt('/base');
    fireEvent.click(await screen.findByText('runs:1'));
    expect(await screen.findByText('value second')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/base/runs:1');
  });
});
