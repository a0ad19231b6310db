import * as z from 'zod/mini';
import './zod-locale';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .check(
    z.trim(),
    z.minLength(USERNAME_MIN, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`),
    z.maxLength(USERNAME_MAX, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`),
    z.regex(/^[A-Za-z0-9_]+$/, 'Username may contain only letters, numbers and underscores'),
  );

export const emailSchema = z.pipe(
  z.string({ message: 'Email is required' }).check(z.trim(), z.maxLength(254, 'Email is too long')),
  z.email({ message: 'Please enter a valid email address' }),
);

/**
 * A new password. Never trimmed: spaces a user typed are part of it, at sign-in too. But one of
 * spaces alone (or other white space) is no password at all, however long.
 */
export const passwordSchema = z
  .string({ message: 'Password is required' })
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    z.refine((v) => v.trim() !== '', 'Password cannot be blank'),
  );

export const signupInputSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: z.optional(z.string().check(z.trim(), z.maxLength(80, 'Name must be at most 80 characters'))),
  remember: z.optional(z.boolean()),
});
export type SignupInput = z.infer<typeof signupInputSchema>;

export const loginInputSchema = z.object({
  username: z.string({ message: 'Username is required' }).check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(254)),
  password: z.string({ message: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX)),
  remember: z.optional(z.boolean()),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Control characters (C0, DEL, C1): never part of a link someone types, and a browser's URL parser skips some of them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * An http(s) address as a browser reads it: parsed with the WHATWG URL parser (the one browsers
 * use, which drops leading control characters and tabs or newlines inside a scheme, so
 * "\u0001javascript:" and "java\tscript:" are seen as the javascript: they are), written with its
 * "http://" or "https://" and a host with a dot, with no whitespace or control character anywhere.
 */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]+\.[^\s]+$/i.test(value) || CONTROL_CHARACTER.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * A social link: a handle ('jane', '@jane', 'x.com/jane': no scheme at all, so no browser reads
 * it as a link of its own) or an http(s) address. Anything a URL parser reads with another scheme
 * (javascript:, data:, and their disguises with control characters or tabs) is refused.
 */
export function isSocialLink(value: string): boolean {
  if (value === '') return true;
  if (CONTROL_CHARACTER.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return isWebAddress(url.protocol === 'http:' || url.protocol === 'https:' ? value : '');
  } catch {
    // Not an absolute URL: a handle.
    return true;
  }
}

export const SOCIAL_LINK_MESSAGE = 'Social links must be a handle or an http(s) address';

const socialLinkSchema = z.string().check(z.trim(), z.maxLength(200), z.refine(isSocialLink, SOCIAL_LINK_MESSAGE));

/** socialLinks travels as a JSON string (docs/product.md#data-the-app-holds); `twitter` is the legacy name of `x`. What a user may send. */
export const socialLinksSchema = z.object({
  x: z.optional(socialLinkSchema),
  twitter: z.optional(socialLinkSchema),
  instagram: z.optional(socialLinkSchema),
});

export type SocialLinks = z.infer<typeof socialLinksSchema>;

// What may be read back of a stored row (parseSocialLinks) is in social-links.ts, free of zod.
export { parseSocialLinks } from './social-links';

const websiteSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(300, 'Website must be at most 300 characters'),
    z.refine((v) => v === '' || isWebAddress(v), 'Website must be a web address starting with http:// or https://'),
  );

export const updateProfileInputSchema = z.object({
  bio: z.optional(z.string().check(z.trim(), z.maxLength(1000, 'Bio must be at most 1000 characters'))),
  website: z.optional(websiteSchema),
  socialLinks: z.optional(
    z.string().check(
      z.maxLength(1000),
      z.superRefine((raw, ctx) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = undefined;
        }
        const result = parsed === undefined ? null : socialLinksSchema.safeParse(parsed);
        if (result?.success) return;
        // A link refused by its own rule says so (the form shows it under the field); any other shape, the one message.
        const linkIssue = result?.error.issues.find((issue) => issue.message === SOCIAL_LINK_MESSAGE);
        ctx.addIssue({ code: 'custom', input: raw, message: linkIssue ? SOCIAL_LINK_MESSAGE : 'socialLinks must be a JSON object with x and instagram' });
      }),
    ),
  ),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const updateAvatarInputSchema = z.object({
  avatarUrl: z.string().check(z.trim(), z.minLength(1, 'avatarUrl is required'), z.maxLength(500)),
});
export type UpdateAvatarInput = z.infer<typeof updateAvatarInputSchema>;

/** A user as the API returns it. `email` is present only for the signed-in user's own record. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.optional(z.string()),
  avatarUrl: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  website: z.nullable(z.string()),
  socialLinks: z.nullable(z.string()),
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
