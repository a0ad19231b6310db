import { XMLBuilder } from 'fast-xml-parser';
import { categoryLabels, postPicture, SITE_DOCUMENTS, type BlogPostSummary } from '#contract';

// How the documents are written, from plain data and the site's origin. What goes in them
// (which posts, which pages) is decided in feeds.service.ts.

export const SITE_TITLE = 'context is key';
const FEED_DESCRIPTION = 'Articles from context is key: defending the faith and reading scripture in context.';

export interface SitemapEntry {
  /** A path of the site, `/blog/3`. */
  path: string;
  /** ISO-8601 instant of the last change worth a crawler's visit, when known. */
  lastModified?: string;
}

// The builder escapes & < > " ' in text and attributes (so `]]>` or `<script>` in a title stays
// text). Boolean suppression is off: it would write isPermaLink="true" as a bare attribute, which
// is not XML.
const xml = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: true,
});

const XML_DECLARATION = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

/**
 * Characters XML 1.0 forbids anywhere, escaped or not (control characters other than tab and
 * line breaks, U+FFFE/U+FFFF, lone surrogates). One in a pasted or imported title would make the
 * whole document unreadable for every subscriber, so they are dropped; no builder does this.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function withoutInvalidXmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

function buildXml(doc: Record<string, unknown>): string {
  return withoutInvalidXmlChars(xml.build({ ...XML_DECLARATION, ...doc }));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Plain text as the HTML of an element's content that shows that text: for RSS descriptions,
 * which readers render as HTML. Quotes need no escaping outside attributes, and left alone they
 * read right in the few readers that show descriptions as text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * An absolute http(s) URL for an image address as stored (absolute, or relative to the site), or
 * undefined for anything else: a feed must not carry a `javascript:` or unparsable address.
 */
export function absoluteHttpUrl(address: string | null, site: string): string | undefined {
  if (!address?.trim()) return undefined;
  try {
    const url = new URL(address.trim(), `${site}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A post's page on this site: imported (external) posts too, which the site shows in full. */
export const postUrl = (site: string, id: number) => `${site}/blog/${id}`;

const excerptOf = (post: BlogPostSummary) => post.excerpt?.trim() ?? '';

/** RFC 822 date, as RSS 2.0 wants it: "Tue, 02 Jan 2024 03:04:05 GMT". */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/**
 * RSS 2.0. Titles and categories are plain text (the RSS profile's advice: readers differ on HTML
 * there); the description is the excerpt as HTML, which is how readers render it. Every date in
 * it comes from the posts, never the clock, so an unchanged blog gives the same bytes and ETag.
 */
export function rssFeed(site: string, posts: BlogPostSummary[]): string {
  const newest = posts[0];
  return buildXml({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@_xmlns:media': 'http://search.yahoo.com/mrss/',
      channel: {
        title: SITE_TITLE,
        link: `${site}/blog`,
        description: FEED_DESCRIPTION,
        language: 'en',
        ...(newest ? { lastBuildDate: rfc822(newest.publishedAt) } : {}),
        'atom:link': { '@_href': `${site}${SITE_DOCUMENTS.rss}`, '@_rel': 'self', '@_type': 'application/rss+xml' },
        item: posts.map((post) => {
          const link = postUrl(site, post.id);
          const image = absoluteHttpUrl(postPicture(post)?.url ?? null, site);
          const excerpt = excerptOf(post);
          return {
            title: post.title,
            link,
            guid: { '@_isPermaLink': 'true', '#text': link },
            pubDate: rfc822(post.publishedAt),
            ...(excerpt ? { description: escapeHtml(excerpt) } : {}),
            category: categoryLabels[post.category] ?? post.category,
            // Media RSS: an image needs no byte length or MIME type, which an <enclosure> requires and
            // we do not know. The cover (an upload, `/objects/…`, made absolute) when the post has one.
            ...(image ? { 'media:content': { '@_url': image, '@_medium': 'image' } } : {}),
          };
        }),
      },
    },
  });
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). The excerpt is plain text: `content_text`, never `content_html`. */
export function jsonFeed(site: string, posts: BlogPostSummary[]): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: SITE_TITLE,
    home_page_url: `${site}/blog`,
    feed_url: `${site}${SITE_DOCUMENTS.jsonFeed}`,
    description: FEED_DESCRIPTION,
    language: 'en',
    items: posts.map((post) => {
      const url = postUrl(site, post.id);
      const image = absoluteHttpUrl(postPicture(post)?.url ?? null, site);
      const external = post.isExternal ? absoluteHttpUrl(post.substackUrl, site) : undefined;
      const excerpt = excerptOf(post);
      return {
        id: url,
        url,
        ...(external ? { external_url: external } : {}),
        title: post.title,
        content_text: excerpt,
        ...(excerpt ? { summary: excerpt } : {}),
        ...(image ? { image } : {}),
        date_published: post.publishedAt,
        tags: [categoryLabels[post.category] ?? post.category],
      };
    }),
  });
}

/** The sitemap protocol's `urlset` (https://www.sitemaps.org/protocol.html). */
export function sitemapXml(site: string, entries: SitemapEntry[]): string {
  return buildXml({
    urlset: {
      '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      url: entries.map(({ path, lastModified }) => ({ loc: `${site}${path}`, ...(lastModified ? { lastmod: lastModified } : {}) })),
    },
  });
}

/** robots.txt: everything public may be crawled; the `disallowed` path prefixes may not. */
export function robotsTxt(site: string, disallowed: readonly string[]): string {
  return ['User-agent: *', 'Allow: /', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${site}${SITE_DOCUMENTS.sitemap}`, ''].join('\n');
}
