import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/ui/toast';
import { UserProvider } from '../lib/session';

/** Everything a page may use: queries, toasts, the signed-in user. Tests wrap components in it too. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <UserProvider>{children}</UserProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
