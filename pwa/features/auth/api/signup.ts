import { useMutation } from '@tanstack/react-query';
import type { SignupInput, User } from '#contract/users';
import { answerSchema, apiFetch, NetworkError, serverMessageOf } from '#pwa/lib/api-client';
import { useUser } from '#pwa/lib/session';
import { useToast } from '#pwa/components/ui/toast';

export function signup(input: SignupInput): Promise<User> {
  return apiFetch('/api/auth/signup', { method: 'POST', body: input, schema: answerSchema('user'), reportsEndedSession: false });
}

/** POST /api/auth/signup; on success the user is signed in (remember decides the storage) and welcomed. */
export function useSignup() {
  const { setUser } = useUser();
  const { toast } = useToast();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user, input) => {
      setUser(user, input.remember ?? true);
      toast({ title: 'Welcome!', description: `Account created successfully! Welcome, @${user.username}` });
    },
    onError: (error) => {
      toast({
        title: 'Signup Failed',
        description: error instanceof NetworkError ? OFFLINE_TEXT : (serverMessageOf(error) ?? 'Failed to create account. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** Signing up or in needs the server; said plainly rather than blaming the user's input. */
export const OFFLINE_TEXT = "You're offline. Connect to the internet and try again.";
