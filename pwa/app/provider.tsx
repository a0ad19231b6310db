import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider, useToast } from '../components/ui/toast';
import { UserProvider } from '../lib/session';

/** Everything a page may use: queries, toasts, the signed-in user. Tests wrap components in it too. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <UserWithToasts>{children}</UserWithToasts>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** The signed-in user, told by a toast when the server has ended their session (docs/product.md#states-and-transitions). */
function UserWithToasts({ children }: { children: ReactNode }) {
  const { toast } = useToast();
  const onSessionEnded = () => toast({ title: 'Session ended', description: 'Your session has ended. Please sign in again.', variant: 'destructive' });
  return <UserProvider onSessionEnded={onSessionEnded}>{children}</UserProvider>;
}
