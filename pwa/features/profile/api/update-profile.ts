import { useMutation } from '@tanstack/react-query';
import { userSchema, type UpdateProfileInput, type User } from '#contract/users';
import { apiFetch } from '#pwa/lib/api-client';
import { useToast } from '#pwa/components/ui/toast';
import { socialLinksJson } from '../social-links';
import { useApplyUserUpdate } from './profile';

export interface ProfileValues {
  bio: string;
  website: string;
  x: string;
  instagram: string;
}

/**
 * The PUT body. The API replaces all three fields (a missing one is cleared), so bio and website
 * are always sent, and socialLinks is left out exactly when both links are empty (docs/product.md#data-the-app-holds).
 */
export function toUpdateProfileInput(values: ProfileValues): UpdateProfileInput {
  const socialLinks = socialLinksJson(values.x, values.instagram);
  return { bio: values.bio.trim(), website: values.website.trim(), ...(socialLinks ? { socialLinks } : {}) };
}

export const updateProfile = (userId: number, input: UpdateProfileInput): Promise<User> =>
  apiFetch(`/api/users/${userId}/profile`, { method: 'PUT', body: input, schema: userSchema });

/** PUT /api/users/{id}/profile. A plain call: the form stays open (with the message) when it fails. */
export function useUpdateProfile(userId: number) {
  const applyUserUpdate = useApplyUserUpdate();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (values: ProfileValues) => updateProfile(userId, toUpdateProfileInput(values)),
    onSuccess: (user) => {
      applyUserUpdate(user);
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' });
    },
  });
}
