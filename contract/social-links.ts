// Reading a user's stored social links, free of zod: the profile page shows them without loading
// zod for that (docs/decisions/005-what-loads-first.md). users.ts exports this too; its schemas
// check the links a user sends.

/** The longest link a stored row holds (as users.ts's socialLinkSchema allows). */
const STORED_LINK_MAX = 200;

/**
 * The x (or the older twitter) and instagram links of a stored `socialLinks` JSON. Rows stored
 * before the link rule are still read (as text when they are not a handle or an http(s) address,
 * see the profile view), not silently dropped; anything that is not such an object reads as none.
 */
export function parseSocialLinks(raw: string | null | undefined): { x?: string; instagram?: string } {
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  const record = json as Record<string, unknown>;
  const links: Partial<Record<'x' | 'twitter' | 'instagram', string>> = {};
  for (const key of ['x', 'twitter', 'instagram'] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return {};
    const trimmed = value.trim();
    if (trimmed.length > STORED_LINK_MAX) return {};
    links[key] = trimmed;
  }
  const x = links.x || links.twitter;
  return { ...(x ? { x } : {}), ...(links.instagram ? { instagram: links.instagram } : {}) };
}
