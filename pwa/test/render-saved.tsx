import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { withDeliveryReactions } from './render';

/**
 * Like `renderWithProviders`, with answers saved in the query cache before anything renders, as
 * an earlier visit's persisted cache restores them: `saved` gets the fresh QueryClient
 * (`queryClient.setQueryData(key, data, { updatedAt })`).
 */
export function renderWithSaved(ui: ReactNode, saved: (queryClient: QueryClient) => void) {
  const queryClient = withDeliveryReactions(createQueryClient());
  saved(queryClient);
  return { queryClient, ...render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>) };
}

/** The whole app at `path`, in memory, with answers saved beforehand (see `renderWithSaved`). */
export function renderAppWithSaved(path: string, saved: (queryClient: QueryClient) => void) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithSaved(<RouterProvider router={router} />, saved) };
}
