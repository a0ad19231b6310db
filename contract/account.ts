import * as z from 'zod/mini';
import './zod-locale';
import { emailSchema, PASSWORD_MAX, passwordSchema } from './users';

/**
 * The reader's account: password reset, change of password and email, export and deletion
 * (docs/product.md#the-readers-account). A password one already has is checked, never ruled on:
 * only a new password follows the sign-up rules.
 */
const currentPasswordSchema = (message: string) =>
  z.string({ message }).check(z.minLength(1, message), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`));

// The words and numbers a page shows (RESET_LINK_MINUTES, FORGOT_PASSWORD_MESSAGE) are in account-texts.ts, free of zod.
export { FORGOT_PASSWORD_MESSAGE, RESET_LINK_MINUTES } from './account-texts';

/** `POST /api/auth/forgot-password`: a username or an email address. */
export const forgotPasswordInputSchema = z.object({
  login: z
    .string({ message: 'Enter your username or email' })
    .check(z.trim(), z.minLength(1, 'Enter your username or email'), z.maxLength(254, 'Username or email is too long')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** A token from a mailed link: URL-safe base64, as the server makes them. */
export const mailTokenSchema = z
  .string({ message: 'This link is not valid' })
  .check(z.minLength(16, 'This link is not valid'), z.maxLength(200, 'This link is not valid'), z.regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid'));

/** `POST /api/auth/reset-password`: 200 with the user, signed in; 400 for a bad, used or expired token. */
export const resetPasswordInputSchema = z.object({ token: mailTokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** `PUT /api/users/{id}/password`: 204. */
export const changePasswordInputSchema = z.object({
  currentPassword: currentPasswordSchema('Current password is required'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** `PUT /api/users/{id}/email`: 202; the change waits for the link mailed to the new address. */
export const changeEmailInputSchema = z.object({ email: emailSchema, password: currentPasswordSchema('Password is required') });
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/** `DELETE /api/users/{id}`: 204. */
export const deleteAccountInputSchema = z.object({ password: currentPasswordSchema('Password is required') });
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/**
 * `GET /api/users/{id}/export`: everything the site holds about the reader, as one JSON file
 * (`Content-Disposition: attachment`). Notes are not in it: they stay on the device, and /notes
 * exports them.
 */
// Every call marked pure: the pages import this module's other schemas, and the export's shape
// (z.record, which no page needs) must not join the zod code every page loads (vite.config.ts).
const jsonObject = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown());
const jsonObjects = /* @__PURE__ */ z.array(jsonObject);
export const accountExportSchema = /* @__PURE__ */ z.object({
  exportedAt: /* @__PURE__ */ z.string(),
  profile: jsonObject,
  bookmarks: jsonObjects,
  folders: jsonObjects,
  progress: jsonObjects,
  comments: jsonObjects,
  hearts: jsonObjects,
  subscription: /* @__PURE__ */ z.nullable(
    /* @__PURE__ */ z.object({ email: /* @__PURE__ */ z.string(), status: /* @__PURE__ */ z.enum(['pending', 'confirmed']), subscribedAt: /* @__PURE__ */ z.string() }),
  ),
  notes: /* @__PURE__ */ z.string(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
