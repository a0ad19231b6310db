import { useMutation } from '@tanstack/react-query';
import { userSchema, type LoginInput, type User } from '#contract/users';
import { apiFetch, NetworkError, serverMessageOf } from '#pwa/lib/api-client';
import { useUser } from '#pwa/lib/session';
import { useToast } from '#pwa/components/ui/toast';
import { OFFLINE_TEXT } from './signup';

export function login(input: LoginInput): Promise<User> {
  return apiFetch('/api/auth/login', { method: 'POST', body: input, schema: userSchema, reportsEndedSession: false });
}

/** POST /api/auth/login; on success the user is signed in (remember decides the storage). */
export function useLogin() {
  const { setUser } = useUser();
  const { toast } = useToast();
  return useMutation({
    mutationFn: login,
    onSuccess: (user, input) => {
      setUser(user, input.remember ?? true);
      toast({ title: 'Welcome back!', description: `Successfully logged in as @${user.username}` });
    },
    onError: (error) => {
      toast({
        title: 'Login Failed',
        description: error instanceof NetworkError ? OFFLINE_TEXT : (serverMessageOf(error) ?? 'Invalid username or password.'),
        variant: 'destructive',
      });
    },
  });
}
