import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '#contract/users';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { reactToDeliveries } from '#pwa/offline';
import { createQueryClient } from '../lib/query-client';
import { USER_STORAGE_KEY } from '../lib/session';

/** A user as /api/auth/me and login return it. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Grace Hopper',
    username: 'grace',
    email: 'grace@example.com',
    avatarUrl: null,
    bio: null,
    website: null,
    socialLinks: null,
    isEditor: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Saves a user the way a remembered (localStorage) or browser-session sign-in does. */
export function storeUser(user: unknown, where: 'local' | 'session' = 'local'): void {
  (where === 'local' ? localStorage : sessionStorage).setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

const reactions: (() => void)[] = [];

/** The query client reacts to deliveries as the app's does from start-up (app.tsx); stopped after each test (setup.ts). */
export function withDeliveryReactions(queryClient: QueryClient): QueryClient {
  reactions.push(reactToDeliveries(queryClient));
  return queryClient;
}

export function stopDeliveryReactions(): void {
  for (const stop of reactions.splice(0)) stop();
}

/** Renders `ui` inside the app's providers (queries, toasts, session) with a fresh QueryClient, or `queryClient` (e.g. one holding a restored answer). */
export function renderWithProviders(ui: ReactNode, queryClient = createQueryClient()) {
  withDeliveryReactions(queryClient);
  return { queryClient, ...render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>) };
}

/** The whole app (layout, routes, auth dialog) at `path`, in memory. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
