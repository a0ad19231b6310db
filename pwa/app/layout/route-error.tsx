import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/**
 * A route that failed to load or render. The usual cause is a page's code that could not be
 * fetched (offline before it was cached, or an old tab after a new deploy): reloading fixes both.
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-bold">{status === 404 ? '404 Page Not Found' : 'Something went wrong'}</h1>
      <p className="text-base-content/80">This page could not be shown. Check your connection and try again.</p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/" className="btn btn-ghost">
          Go home
        </Link>
      </div>
    </section>
  );
}
