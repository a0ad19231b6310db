// The floor app of main.tsx with React Router's declarative mode instead of its data router: what
// hydrating without the data router would save (bench/sections/bundle.ts prints it as a
// diagnostic). The server renders with the data router's static handler
// (docs/decisions/007-server-rendering-with-data-routers.md), so this is not how the app hydrates.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Link, Outlet, useRoutes } from 'react-router-dom';

const queryClient = new QueryClient();
const LaterPage = lazy(() => import('./later-page').then((m) => ({ default: m.Component })));

function Page() {
  const { data } = useQuery({ queryKey: ['post'], queryFn: () => fetch('/api/blog/1').then((r) => r.text()) });
  return (
    <article>
      <h1>Context is key</h1>
      <p>{data}</p>
      <Link to="/blog">Blog</Link>
    </article>
  );
}

function Routes() {
  return useRoutes([
    {
      path: '/',
      element: <Outlet />,
      children: [
        { index: true, element: <Page /> },
        { path: 'blog', element: <Suspense><LaterPage /></Suspense> },
      ],
    },
  ]);
}

hydrateRoot(
  document.getElementById('root')!,
  <QueryClientProvider client={queryClient}>
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  </QueryClientProvider>,
);
