// The password reset's own checks, with the contract's schemas (and zod): they load when the
// reset page opens, after its first download (docs/decisions/005-what-loads-first.md).
import { forgotPasswordInputSchema, mailTokenSchema, type ForgotPasswordInput } from '#contract/account';
import { passwordSchema } from '#contract/users';

/** The login as it is sent, or why it cannot be. */
export function checkLogin(login: string): { input: ForgotPasswordInput } | { error: string | undefined } {
  const parsed = forgotPasswordInputSchema.safeParse({ login });
  return parsed.success ? { input: parsed.data } : { error: parsed.error.issues[0]?.message };
}

/** Why a link's token cannot be one, or undefined. */
export const tokenProblem = (token: string): string | undefined => mailTokenSchema.safeParse(token).error?.issues[0]?.message;

/** Why a new password breaks the sign-up rules, or undefined. */
export const passwordProblem = (password: string): string | undefined => passwordSchema.safeParse(password).error?.issues[0]?.message;
