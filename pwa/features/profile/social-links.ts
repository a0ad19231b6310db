import { parseSocialLinks } from '#contract/social-links';

export type SocialNetwork = 'x' | 'instagram';

const HOSTS: Record<SocialNetwork, { home: string; hosts: string[] }> = {
  x: { home: 'https://x.com/', hosts: ['x.com', 'twitter.com'] },
  instagram: { home: 'https://instagram.com/', hosts: ['instagram.com'] },
};

/** The stored socialLinks string as form values; the legacy `twitter` key reads as X. */
export function readSocialLinks(raw: string | null | undefined): { x: string; instagram: string } {
  const links = parseSocialLinks(raw);
  return { x: links.x ?? '', instagram: links.instagram ?? '' };
}

/** `{"x":…,"instagram":…}` with empty links left out, or undefined when both are empty. */
export function socialLinksJson(x: string, instagram: string): string | undefined {
  const links: { x?: string; instagram?: string } = {};
  if (x.trim()) links.x = x.trim();
  if (instagram.trim()) links.instagram = instagram.trim();
  return Object.keys(links).length ? JSON.stringify(links) : undefined;
}

function parseHttpUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** 'jane', '@jane', 'x.com/jane' or 'https://twitter.com/jane' → 'jane'; null when it is not a handle on that network. */
export function socialHandle(network: SocialNetwork, value: string): string | null {
  const text = value.trim();
  const url = parseHttpUrl(text) ?? (/^(www\.)?[a-z]+\.com\//i.test(text) ? parseHttpUrl(`https://${text}`) : null);
  if (url) {
    const host = url.hostname.replace(/^(www\.|mobile\.)/i, '').toLowerCase();
    if (!HOSTS[network].hosts.includes(host)) return null;
    const first = url.pathname.split('/').filter(Boolean)[0];
    return first && /^@?[A-Za-z0-9_.]{1,30}$/.test(first) ? first.replace(/^@/, '') : null;
  }
  const handle = text.replace(/^@/, '');
  return /^[A-Za-z0-9_.]{1,30}$/.test(handle) ? handle : null;
}

/**
 * Where a social link goes: a handle links to the network's page for it (https://x.com/{handle},
 * https://instagram.com/{handle}); another http(s) address is linked as given; anything else
 * (javascript:, data:, text) is not linked at all.
 */
export function socialLink(network: SocialNetwork, value: string): { href: string; label: string } | null {
  const handle = socialHandle(network, value);
  if (handle) return { href: `${HOSTS[network].home}${handle}`, label: `@${handle}` };
  const url = parseHttpUrl(value.trim());
  return url ? { href: url.href, label: displayUrl(url.href) } : null;
}

/** A website as people read it: no scheme, no trailing slash. Null when it is not an http(s) address. */
export function websiteLink(value: string): { href: string; label: string } | null {
  const url = parseHttpUrl(value.trim());
  return url ? { href: url.href, label: displayUrl(value.trim()) } : null;
}

const displayUrl = (href: string) => href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
