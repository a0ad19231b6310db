import DOMPurify from 'dompurify';
import { Marked, type Token } from 'marked';

/**
 * Article Markdown to HTML that is safe to put in the page: nothing from content ever runs.
 * The server already strips raw HTML and script links from posts on the way in; here, for
 * cached answers, older rows and the editor's preview, are two more walls:
 * 1. the Markdown renderer writes raw HTML out as visible text (as on the server, posts are
 *    Markdown only), keeps links only with http(s), mailto or same-site addresses, and pictures
 *    only from http(s) addresses or this site's uploads (`/objects/…`): an <img> never calls
 *    another path of the site, and no javascript:/data: picture is ever written;
 * 2. DOMPurify cleans the resulting HTML: no <script>, <iframe> or event-handler attributes
 *    (onerror, onclick…), no javascript:/data: links, HTML only (no SVG or MathML); a picture
 *    whose address is not one of the above loses it, and every picture loads lazily.
 */
const marked = new Marked({
  gfm: true,
  // The page's <h1> is the post title, so a '#' heading in the body becomes an <h2>.
  walkTokens(token: Token) {
    if (token.type === 'heading' && token.depth === 1) token.depth = 2;
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link(token) {
      // `false` keeps marked's own rendering; an unsafe link shows as its text alone.
      return isSafeUrl(token.href, LINK_PROTOCOLS) ? false : this.parser.parseInline(token.tokens);
    },
    image(token) {
      // `false`: marked's own <img src alt>; an unsafe picture shows as its alt text.
      return isSafeImageSrc(token.href) ? false : escapeHtml(token.text);
    },
  },
});

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** The base relative addresses are read against: any origin that is not a real one. */
const SAME_SITE = 'https://same-site.invalid';
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * An address with an allowed protocol, relative ones included. Character references are decoded
 * first and the WHATWG parser drops tabs and newlines, so 'java&#x9;script:' or
 * '&#106;avascript:' is seen as the javascript: a browser would follow.
 */
function isSafeUrl(href: string, protocols: ReadonlySet<string>): boolean {
  try {
    return protocols.has(new URL(decodeReferences(href), `${SAME_SITE}/`).protocol);
  } catch {
    return false;
  }
}

/** `href` with its character references decoded, as a browser reads the attribute. */
function decodeReferences(href: string): string {
  return href
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');
}

/**
 * A picture's address readers' browsers may load: http(s) on any host, or an upload of this site
 * (`/objects/…`, docs/product.md#blog-management). Not data:, not javascript:, not another path of
 * this site (an <img> of `/api/…` would make the reader's browser call the API).
 */
export function isSafeImageSrc(href: string): boolean {
  if (!isSafeUrl(href, IMAGE_PROTOCOLS)) return false;
  try {
    // The parser resolves dot segments (`/objects/../api`) before the path is looked at; a path
    // without its leading slash would be read against the post's own address.
    const decoded = decodeReferences(href).trim();
    const url = new URL(decoded, `${SAME_SITE}/`);
    return url.origin !== SAME_SITE || (decoded.startsWith('/objects/') && url.pathname.startsWith('/objects/'));
  } catch {
    return false;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A renderer over a DOM of its own: the page's window in the browser, a jsdom window on the
 * server (entry-server.tsx). `siteOrigin` tells links to other sites, which open in a new tab.
 */
export function createMarkdownRenderer(domWindow: Parameters<typeof DOMPurify>[0], siteOrigin: string): (markdown: string) => string {
  // An instance of its own, so its link hook never touches other users of DOMPurify.
  const purify = DOMPurify(domWindow);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && isOtherSite(href, siteOrigin)) {
        // Links to other sites open in a new tab without handing them this page (window.opener) or the referrer.
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src !== null && !isSafeImageSrc(src)) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  return (markdown) => {
    const html = marked.parse(markdown, { async: false });
    return purify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
      FORBID_ATTR: ['style'],
    });
  };
}

function isOtherSite(href: string, siteOrigin: string): boolean {
  try {
    const url = new URL(href, siteOrigin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== siteOrigin;
  } catch {
    return false;
  }
}

let inThisPage: ((markdown: string) => string) | null = null;

/** In the browser: Markdown to safe HTML with this page's DOM. */
export function renderMarkdown(markdown: string): string {
  inThisPage ??= createMarkdownRenderer(window, window.location.origin);
  return inThisPage(markdown);
}
