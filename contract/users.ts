import { z } from 'zod';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`)
  .max(USERNAME_MAX, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_]+$/, 'Username may contain only letters, numbers and underscores');

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupInputSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().max(80, 'Name must be at most 80 characters').optional(),
  remember: z.boolean().optional(),
});
export type SignupInput = z.infer<typeof signupInputSchema>;

export const loginInputSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** socialLinks travels as a JSON string (SPEC §3); `twitter` is the legacy name of `x`. */
export const socialLinksSchema = z.object({
  x: z.string().trim().max(200).optional(),
  twitter: z.string().trim().max(200).optional(),
  instagram: z.string().trim().max(200).optional(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export function parseSocialLinks(raw: string | null | undefined): { x?: string; instagram?: string } {
  if (!raw) return {};
  try {
    const parsed = socialLinksSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return {};
    const x = parsed.data.x || parsed.data.twitter;
    return { ...(x ? { x } : {}), ...(parsed.data.instagram ? { instagram: parsed.data.instagram } : {}) };
  } catch {
    return {};
  }
}

const websiteSchema = z
  .string()
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Website must be a web address starting with http:// or https://');

export const updateProfileInputSchema = z.object({
  bio: z.string().trim().max(1000, 'Bio must be at most 1000 characters').optional(),
  website: websiteSchema.optional(),
  socialLinks: z
    .string()
    .max(1000)
    .refine((raw) => {
      try {
        return socialLinksSchema.safeParse(JSON.parse(raw)).success;
      } catch {
        return false;
      }
    }, 'socialLinks must be a JSON object with x and instagram')
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const updateAvatarInputSchema = z.object({
  avatarUrl: z.string().trim().min(1, 'avatarUrl is required').max(500),
});
export type UpdateAvatarInput = z.infer<typeof updateAvatarInputSchema>;

/** A user as the API returns it. `email` is present only for the signed-in user's own record. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().optional(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  socialLinks: z.string().nullable(),
  isEditor: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const uploadTicketSchema = z.object({ uploadURL: z.string() });
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const storedObjectSchema = z.object({ objectURL: z.string(), contentType: z.string(), size: z.number() });
export type StoredObject = z.infer<typeof storedObjectSchema>;

export const MAX_UPLOAD_BYTES = 5242880;
export const ALLOWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
