import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import { readEnv } from './env.ts';
import { createRoutes } from './routes.tsx';

/** Renders the whole app at `path` with an API whose answers come from `answer` (by request path). */
export function renderApp(
  path: string,
  rawEnv: Record<string, unknown> = {},
  answer: (url: string) => Response = () => new Response('{}', { status: 200 }),
) {
  const env = readEnv({ appBase: 'http://oasis.test/nomad-oasis', ...rawEnv }, 'http://oasis.test');
  const fetch = vi.fn<typeof globalThis.fetch>((input) => Promise.resolve(answer(String(input))));
  const router = createMemoryRouter(createRoutes(env), { initialEntries: [path] });
  render(
    <AppProviders env={env} fetch={fetch}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetch, env };
}
