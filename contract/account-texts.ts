// The account's words and numbers a page shows, free of zod: the password reset's page shows them
// without loading zod for that (docs/decisions/005-what-loads-first.md). account.ts exports them too.

/** How long a mailed link works (password reset, email change). */
export const RESET_LINK_MINUTES = 60;

/** The one answer to a forgotten password, whatever the login: it must not tell who has an account. */
export const FORGOT_PASSWORD_MESSAGE = "If an account matches, we've sent a link";
