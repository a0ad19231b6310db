import { userSchema, type User } from '#contract/users';
import { apiFetch } from '#pwa/lib/api-client';

/** PUT /api/users/{id}/avatar: points the avatar at an image this server stored for us. */
export const updateAvatar = (userId: number, avatarUrl: string): Promise<User> =>
  apiFetch(`/api/users/${userId}/avatar`, { method: 'PUT', body: { avatarUrl }, schema: userSchema });
