import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput, DeleteAccountInput } from '#contract/account';
import { apiFetch } from '#pwa/lib/api-client';
import { useUser } from '#pwa/lib/session';
import { useToast } from '#pwa/components/ui/toast';
import { outbox } from '#pwa/offline';
import { downloadFile } from '#pwa/lib/download-file';

/**
 * The reader's account (docs/product.md#the-readers-account): plain calls, online only. None of
 * them goes through the outbox: each needs the password now and an answer now, and a queued
 * password or deletion would be a surprise later. A 401 signs the reader out as an ended session,
 * as any call's does (UserProvider, lib/session.tsx).
 */
export const changePassword = (userId: number, input: ChangePasswordInput): Promise<unknown> =>
  apiFetch(`/api/users/${userId}/password`, { method: 'PUT', body: input });

export const changeEmail = (userId: number, input: ChangeEmailInput): Promise<unknown> =>
  apiFetch(`/api/users/${userId}/email`, { method: 'PUT', body: input });

export const deleteAccount = (userId: number, input: DeleteAccountInput): Promise<unknown> =>
  apiFetch(`/api/users/${userId}`, { method: 'DELETE', body: input });

/** `GET /api/users/{id}/export` as a JSON file under the name the server gives it. */
export async function fetchAccountExport(userId: number): Promise<File> {
  const path = `/api/users/${userId}/export`;
  const data = await apiFetch(path);
  return new File([JSON.stringify(data, null, 2)], ACCOUNT_EXPORT_FILE, { type: 'application/json' });
}

/** The name the server gives the download (docs/product.md#the-readers-account). */
export const ACCOUNT_EXPORT_FILE = 'context-is-key-data.json';

export function useChangePassword(userId: number) {
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(userId, input),
    onSuccess: () => toast({ title: 'Password changed', description: 'Your new password is set.' }),
  });
}

export function useChangeEmail(userId: number) {
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => changeEmail(userId, input),
    onSuccess: (_answer, input) => toast({ title: 'Check your new inbox', description: emailSentText(input.email) }),
  });
}

export const emailSentText = (email: string) => `We've sent a confirmation link to ${email}. Your email changes when you open it.`;

export function useAccountExport(userId: number) {
  const { toast } = useToast();
  return useMutation({
    mutationFn: () => fetchAccountExport(userId),
    onSuccess: (file) => {
      downloadFile(file);
      toast({ title: 'Your data is downloading', description: file.name });
    },
  });
}

/**
 * After the server has deleted the account, this device forgets the reader: the saved user (and
 * with it their private queries) and the writes they had queued, which no server would take now.
 * The notes stay: they were never the account's but the device's (docs/product.md#private-notes),
 * and the dialog offered to export them first.
 */
export async function forgetAccountOnDevice(userId: number, signOut: () => void): Promise<void> {
  try {
    await outbox.forgetUser(userId);
  } finally {
    signOut();
  }
}

export function useDeleteAccount(userId: number) {
  const { setUser } = useUser();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => deleteAccount(userId, input),
    onSuccess: async () => {
      await forgetAccountOnDevice(userId, () => setUser(null));
      toast({ title: 'Account deleted', description: 'Your account and everything it held on the server are gone.' });
    },
  });
}
