/** Host names that reach only the machine they are typed on. */
const LOOPBACK_HOST = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The site's origin for links that leave it (mail): PUBLIC_URL; without it, the origin the
 * request came to only when that is a loopback one (a developer's machine, the tests), else the
 * local server's address. Never a Host (or trusted X-Forwarded-Host) that is not loopback: a
 * client chooses those, and a reset link pointing at its host would hand it the token
 * (docs/decisions/018-account-tokens-and-sessions.md). Production sets PUBLIC_URL: a mail is read
 * far from the request that caused it, and the server warns at start when mail goes out without it.
 */
export function siteOrigin(config: { publicUrl: string | null; port: number }, requestOrigin?: string): string {
  if (config.publicUrl) return config.publicUrl;
  if (requestOrigin && isLoopbackOrigin(requestOrigin)) return requestOrigin;
  return `http://localhost:${config.port}`;
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(origin).hostname);
  } catch {
    return false;
  }
}
