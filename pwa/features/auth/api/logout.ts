import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#pwa/lib/api-client';
import { useUser } from '#pwa/lib/session';
import { useToast } from '#pwa/components/ui/toast';

export function logout(): Promise<unknown> {
  // docs/product.md#api-calls: JSON content type, no fields.
  return apiFetch('/api/auth/logout', { method: 'POST', body: {} });
}

/**
 * POST /api/auth/logout, then the user is cleared on this device. If the call fails (offline,
 * server fault) the user stays signed in and is told so: clearing only the local copy would
 * leave the server session alive behind a signed-out screen.
 */
export function useLogout() {
  const { setUser } = useUser();
  const { toast } = useToast();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setUser(null);
      toast({ title: 'Logged out', description: "You've been successfully logged out." });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to log out. Please try again.', variant: 'destructive' });
    },
  });
}
