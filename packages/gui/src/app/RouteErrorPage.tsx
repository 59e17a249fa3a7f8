import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { CrashMessage } from './CrashMessage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Error element of the routes: unknown paths show not-found, thrown errors the crash message. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <CrashMessage error={error} />;
}
