import { lexer, Marked, walkTokens, type Token } from 'marked';
import TurndownService from 'turndown';
import { badRequest } from '#api/errors';

// Post bodies are stored as Markdown and rendered by the PWA. Imported Substack HTML is
// untrusted: it is converted here so that no markup from it survives at all. Only Markdown
// syntax comes out; links and images survive only with http(s) (links also mailto) URLs.
// The renderer still sanitises its HTML: this is the first of two walls, not the only one.

/** Elements dropped with everything inside them: active content, embeds, forms, metadata. */
const DROPPED_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'frame',
  'frameset',
  'applet',
  'button',
  'input',
  'select',
  'textarea',
] as const;

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

export const EXCERPT_LENGTH = 300;

/**
 * An absolute URL with an allowed protocol, or null. Relative URLs resolve against `base`
 * (the post's Substack address) and are dropped without one. The WHATWG parser removes the
 * tabs and newlines of tricks like `java\tscript:`, so the protocol seen is the one a browser sees.
 * Characters that could end a Markdown destination early are percent-encoded.
 */
export function safeUrl(raw: string | null | undefined, protocols: ReadonlySet<string>, base?: string): string | null {
  if (!raw || !raw.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (!protocols.has(url.protocol)) return null;
  // Credentials in a link are only ever a disguise ("https://trusted.example@evil.example").
  url.username = '';
  url.password = '';
  // Past the scheme and host, a colon is encoded too, so no "javascript:" text rides along in a path.
  const href = url.href;
  const restAt = url.host ? `${url.protocol}//${url.host}`.length : url.protocol.length;
  return (href.slice(0, restAt) + href.slice(restAt).replace(/:/g, '%3A')).replace(
    /[\s()<>[\]"'\\`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** Script-URL words in text become `scheme&#58;`: a reader sees the same colon, no tool finds a URL. */
function defuseSchemes(text: string): string {
  return text.replace(/\b(javascript|vbscript):/gi, '$1&#58;').replace(/\bdata:(?=[a-z-]+\/[a-z0-9.+-]+[;,])/gi, 'data&#58;');
}

function escapeAlt(alt: string | null): string {
  return (alt ?? '').replace(/\s+/g, ' ').trim().replace(/[\\[\]<>*_`]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`));
}

function createTurndown(baseUrl?: string): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
    // Nothing is ever kept as HTML: an unknown element becomes its text.
    keepReplacement: (content, node) => ((node as { isBlock?: boolean }).isBlock ? `\n\n${content}\n\n` : content),
  });

  // Rules added with addRule are consulted before turndown's own, so these win for every node.
  service.addRule('dropActiveContent', {
    filter: [...DROPPED_ELEMENTS] as TurndownService.TagName[],
    replacement: () => '',
  });
  service.remove([...DROPPED_ELEMENTS] as TurndownService.TagName[]);

  service.addRule('safeLink', {
    filter: 'a',
    replacement: (content, node) => {
      const href = safeUrl(node.getAttribute('href'), LINK_PROTOCOLS, baseUrl);
      if (!href) return content;
      if (!content.trim()) return '';
      return `[${content}](${href})`;
    },
  });

  service.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = safeUrl(node.getAttribute('src'), IMAGE_PROTOCOLS, baseUrl);
      return src ? `![${escapeAlt(node.getAttribute('alt'))}](${src})` : '';
    },
  });

  // Text that merely looks like markup ("&lt;script&gt;" in the source) stays text:
  // `<` becomes an entity, so no renderer can read it as a tag or an autolink.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) =>
    defuseSchemes(
      escapeMarkdown(text)
        .replace(/&(?=#?[a-z0-9]+;)/gi, '&amp;')
        .replace(/</g, '&lt;'),
    );

  return service;
}

/** Turns a Markdown link destination into its scheme (lower case) if it has one, after undoing entity and whitespace tricks. */
function destinationScheme(destination: string): string | null {
  // Without a colon or a character reference there is no scheme (and a body of `](](…` stays fast).
  if (!/[:&]/.test(destination)) return null;
  const decoded = destination
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/[\s\\<>\p{Cc}]/gu, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(decoded);
  if (match) return match[1]!.toLowerCase();
  // A named entity before any path character could spell a scheme a browser decodes.
  return /^[^/?#]*&[a-z]+;/i.test(decoded) ? 'unknown' : null;
}

/**
 * The last pass over any stored Markdown (imported or written by an editor): raw HTML tags and
 * comments are removed, a `<` that could still start one becomes `&lt;`, and link or image
 * destinations with a scheme other than http, https or mailto become `#`.
 * Tags inside code samples are removed too: safety wins over fidelity there.
 *
 * Linear time in the length of the input: every step is one pass of a regex whose attempts stop at
 * the next `<` (or `]`, line end). Tags are removed in one pass, never repeated until nothing
 * changes: a tag that removal puts together (`<scr<b>ipt>` → `<script>`) is made harmless by the
 * `&lt;` step after it and shows as text. (Repeating removed one nesting level per pass: a 200 kB
 * body of `<a<a<a…>>>` took seconds.) HTML sanitisers (DOMPurify, sanitize-html) do not fit here:
 * they parse and re-serialise HTML, so `>` of quotes and `&` in code samples would be re-encoded.
 */
export function sanitizeMarkdown(markdown: string): string {
  let out = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<\/?[a-z][^<>]*>|<[!?][^<>]*>/gi, '')
    .replace(/<(?=[a-z/!?])/gi, '&lt;');
  // Inline links and images: ](destination …) ; reference definitions: [label]: destination
  out = out.replace(/(\]\(\s*)((?:[^()\s]|\([^()\s]*\))*)/g, (whole, open: string, dest: string) => {
    const scheme = destinationScheme(dest);
    return scheme && !ALLOWED_SCHEMES.has(scheme) ? `${open}#` : whole;
  });
  out = out.replace(/^( {0,3}\[[^\]\n]+\]:[ \t]*)(\S+)/gm, (whole, open: string, dest: string) => {
    const scheme = destinationScheme(dest);
    return scheme && !ALLOWED_SCHEMES.has(scheme) ? `${open}#` : whole;
  });
  return out.trim();
}

/**
 * Substack HTML → safe Markdown. Script, style, iframe, object, embed and form elements (and
 * a few more) are dropped with their content; links keep http(s)/mailto URLs, images http(s);
 * relative URLs resolve against `baseUrl`. Nothing of the HTML survives as markup.
 */
export function htmlToMarkdown(html: string, opts: { baseUrl?: string } = {}): string {
  if (!html.trim()) return '';
  let markdown: string;
  try {
    markdown = createTurndown(opts.baseUrl).turndown(html);
  } catch (err) {
    // The parser and turndown recurse per nesting level: thousands of nested elements overflow the stack.
    if (err instanceof RangeError) throw badRequest('The article HTML is nested too deeply to import.');
    throw err;
  }
  return sanitizeMarkdown(markdown);
}

/** An image in a post's Markdown: its address and its alt text, as the renderer reads them. */
export interface MarkdownImage {
  href: string;
  alt: string;
}

/**
 * Every image of a post's Markdown as marked (the reader's renderer, pwa/features/blog/components/markdown.ts)
 * reads it: inline and reference-style, inside lists, quotes, tables and links; never one in a
 * code sample. What the renderer shows is what the API checks (the alt text of this site's pictures).
 */
export function markdownImages(markdown: string): MarkdownImage[] {
  const images: MarkdownImage[] = [];
  try {
    walkTokens(lexer(markdown, { gfm: true }), (token) => {
      if (token.type === 'image') images.push({ href: token.href, alt: token.text });
    });
  } catch (err) {
    // The lexer recurses per nesting level: thousands of nested quotes overflow the stack, in the
    // reader's renderer too. Such a text could never be shown: refused, not a 500.
    if (err instanceof RangeError) throw badRequest('The text is nested too deeply (quotes or lists inside each other) to be shown. Please simplify it.');
    throw err;
  }
  return images;
}

/** Markdown inline syntax → the words a reader sees. */
function toPlainText(block: string): string {
  return block
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, '$1')
    .replace(/(?<!\\)(\*\*|__|[*_`~])/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/&#58;/g, ':')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a word boundary, so the result is at most `max` characters including the ellipsis. */
export function truncateText(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const NOT_A_PARAGRAPH = /^(#{1,6}\s|>|[-*+]\s|\d+[.)]\s|```|~~~| {4}|\t|!\[|(\*\s*){3,}$|(-\s*){3,}$|(_\s*){3,}$|\|)/;

/** The text of the first ordinary paragraph (not a heading, quote, list, code or image), at most 300 characters; null when there is none. */
export function excerptFromMarkdown(markdown: string, max = EXCERPT_LENGTH): string | null {
  for (const raw of markdown.split(/\n\s*\n/)) {
    // A 300-character excerpt never needs more than the start of a block; this also bounds the regex work.
    const block = raw.trim().slice(0, 4 * max);
    if (!block || NOT_A_PARAGRAPH.test(block)) continue;
    const text = toPlainText(block);
    if (text) return truncateText(text, max);
  }
  return null;
}

/** How a post rendered outside the site (a newsletter mail) is styled: an inline `style` per tag. */
export type HtmlStyles = Partial<Record<'p' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'a' | 'img' | 'ul' | 'ol' | 'li' | 'blockquote' | 'pre' | 'code' | 'hr' | 'table' | 'th' | 'td', string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** `href` with its character references decoded, as a browser reads the attribute. */
const decodeReferences = (href: string) =>
  href
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');

/**
 * An address made absolute against `origin` (a mail is read far from the site), with an allowed
 * protocol; null otherwise. A picture of this site must be one of its uploads (`/objects/…`), as
 * the reader's renderer requires (pwa/features/blog/components/markdown.ts).
 */
function absoluteUrl(href: string, origin: string, protocols: ReadonlySet<string>, picture: boolean): string | null {
  let url: URL;
  try {
    url = new URL(decodeReferences(href).trim(), `${origin}/`);
  } catch {
    return null;
  }
  if (!protocols.has(url.protocol)) return null;
  if (picture && url.origin === new URL(origin).origin && !url.pathname.startsWith('/objects/')) return null;
  url.username = '';
  url.password = '';
  return url.href;
}

/**
 * A post's Markdown as HTML for a mail (docs/decisions/017-newsletter-double-opt-in.md), the
 * reader's renderer's rules on the server: raw HTML is written out as text, links keep http(s) or
 * mailto addresses and pictures http(s) ones, every address made absolute against `origin`; an
 * unsafe link shows as its text, an unsafe picture as its alt text. Every element marked writes
 * gets its inline style from `styles` (mail clients drop style sheets). No element of the text
 * survives as markup, so nothing in it can run.
 */
export function markdownToHtml(markdown: string, { origin, styles = {} }: { origin: string; styles?: HtmlStyles }): string {
  const style = (tag: keyof HtmlStyles) => (styles[tag] ? ` style="${escapeHtml(styles[tag])}"` : '');
  const marked = new Marked({
    gfm: true,
    // The mail's heading is the post title, so a '#' heading in the body becomes an <h2>.
    walkTokens(token: Token) {
      if (token.type === 'heading' && token.depth === 1) token.depth = 2;
    },
    renderer: {
      html({ text }) {
        return escapeHtml(text);
      },
      link(token) {
        const href = absoluteUrl(token.href, origin, LINK_PROTOCOLS, false);
        const text = this.parser.parseInline(token.tokens);
        return href ? `<a href="${escapeHtml(href)}"${style('a')}>${text}</a>` : text;
      },
      image(token) {
        const src = absoluteUrl(token.href, origin, IMAGE_PROTOCOLS, true);
        return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}"${style('img')}>` : escapeHtml(token.text);
      },
    },
  });
  let html: string;
  try {
    html = marked.parse(markdown, { async: false });
  } catch (err) {
    if (err instanceof RangeError) throw badRequest('The text is nested too deeply (quotes or lists inside each other) to be shown. Please simplify it.');
    throw err;
  }
  // The only tags here are marked's own (the text's were escaped above): each gets its style.
  return html.replace(/<(p|h[2-6]|ul|ol|li|blockquote|pre|code|hr|table|th|td)(?=[\s>/])/g, (tag, name: keyof HtmlStyles) => `${tag}${style(name)}`);
}
