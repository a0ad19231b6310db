import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '#contract/users';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { privateKey } from '#pwa/lib/query-client';
import { readStoredUser, useUser } from '#pwa/lib/session';

/** Under the owner's private key: signing out drops it, and the next user never sees it. */
export const profileKeys = {
  detail: (userId: number) => [...privateKey(userId), 'profile'] as const,
};

/** GET /api/users/{id}: the stored profile (avatarUrl, bio, website, socialLinks); the email too, as it is our own. */
export const getProfile = (userId: number, signal?: AbortSignal): Promise<User> => apiFetch(`/api/users/${userId}`, { schema: answerSchema('user'), signal });

export const profileQueryOptions = (userId: number) => queryOptions({ queryKey: profileKeys.detail(userId), queryFn: ({ signal }) => getProfile(userId, signal) });

/** A copy saved on an earlier visit shows at once and is checked with the server once (the query client's default). */
export const useProfile = (userId: number) => useQuery(profileQueryOptions(userId));

/**
 * After a profile or avatar change: the fresh user becomes the stored profile and the signed-in
 * user (so the header avatar changes at once), kept in the storage it was in, so a "don't remember
 * me" sign-in stays a browser-session one.
 */
export function useApplyUserUpdate(): (user: User) => void {
  const { setUser } = useUser();
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(profileKeys.detail(user.id), user);
      setUser(user, readStoredUser()?.store !== 'session');
    },
    [queryClient, setUser],
  );
}
