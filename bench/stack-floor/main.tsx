// The smallest reader's page this project's stack can hydrate (bench/sections/bundle.ts builds it
// to print the floor under every route's first load): React's client, a data router hydrating what
// the server rendered (docs/decisions/007-server-rendering-with-data-routers.md) with one lazy
// route and a link, and a query read through TanStack Query. Nothing of the app's own.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider, useLoaderData } from 'react-router-dom';

const queryClient = new QueryClient();

function Page() {
  const title = useLoaderData() as string;
  const { data } = useQuery({ queryKey: ['post'], queryFn: () => fetch('/api/blog/1').then((r) => r.text()) });
  return (
    <article>
      <h1>{title}</h1>
      <p>{data}</p>
      <Link to="/blog">Blog</Link>
    </article>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, loader: () => 'Context is key', element: <Page /> },
      { path: 'blog', lazy: () => import('./later-page') },
    ],
  },
]);

hydrateRoot(
  document.getElementById('root')!,
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
