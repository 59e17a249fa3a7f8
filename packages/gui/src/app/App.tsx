import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import { GUI_BASE, type Env } from '../core/env.ts';
import { createRoutes } from './routes.tsx';

/** The application; the route table is built once from the runtime config. */
export function App({ env }: { env: Env }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(env), { basename: GUI_BASE }));
  return (
    <AppProviders env={env}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
