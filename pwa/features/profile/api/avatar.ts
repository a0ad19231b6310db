import { storedObjectSchema, uploadTicketSchema, userSchema, type StoredObject, type User } from '#contract/users';
import { apiFetch } from '#pwa/lib/api-client';

/** POST /api/objects/upload: a one-time address on this origin to PUT one image to. */
export const getUploadTicket = (): Promise<string> => apiFetch('/api/objects/upload', { method: 'POST', schema: uploadTicketSchema }).then((t) => t.uploadURL);

/** The upload address's JSON answer, checked against the contract. */
export const parseStoredObject = (body: unknown): StoredObject => storedObjectSchema.parse(body);

/** PUT /api/users/{id}/avatar: points the avatar at an image this server stored for us. */
export const updateAvatar = (userId: number, avatarUrl: string): Promise<User> =>
  apiFetch(`/api/users/${userId}/avatar`, { method: 'PUT', body: { avatarUrl }, schema: userSchema });
