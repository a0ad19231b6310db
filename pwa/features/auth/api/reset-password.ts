import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '#contract/account';
import { FORGOT_PASSWORD_MESSAGE } from '#contract/account-texts';
import type { User } from '#contract/users';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { readStoredUser, useUser } from '#pwa/lib/session';
import { useToast } from '#pwa/components/ui/toast';

/** `POST /api/auth/forgot-password`: 202 whatever the login, so it tells nobody who has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return apiFetch('/api/auth/forgot-password', { method: 'POST', body: input });
}

/** `POST /api/auth/reset-password`: 200 with the user, signed in; 400 for a bad, used or expired link. */
export function resetPassword(input: ResetPasswordInput): Promise<User> {
  return apiFetch('/api/auth/reset-password', { method: 'POST', body: input, schema: answerSchema('user') });
}

/** Asks for a link. Its answer is always the same sentence (docs/product.md#the-readers-account). */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export { FORGOT_PASSWORD_MESSAGE };

/**
 * Sets the new password; the server signs the reader in, so the user is saved on this device as a
 * sign-in saves it (kept for good, unless a browser-session sign-in is already here) and welcomed.
 */
export function useResetPassword() {
  const { setUser } = useUser();
  const { toast } = useToast();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      setUser(user, readStoredUser()?.store !== 'session');
      toast({ title: 'Password changed', description: `You're signed in as @${user.username}.` });
    },
  });
}
