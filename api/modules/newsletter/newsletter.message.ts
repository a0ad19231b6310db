import { markdownToHtml, type HtmlStyles } from '../blog/blog.service';

// The newsletter's mails (docs/decisions/017-newsletter-double-opt-in.md): a post sent to
// subscribers, and the confirmation of a new address. Mail clients drop <style> sheets and run no
// script: every style is inline, nothing is scripted, every address is absolute (PUBLIC_URL).

export const SITE_NAME = 'context is key';

/** What a mail of a post is made of. */
export interface NewsletterPost {
  id: number;
  title: string;
  content: string;
}

export interface MailParts {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const FONT = "font-family:Georgia,'Times New Roman',serif;";
// Single quotes only: these go into style="…" attributes as they are.
const SANS = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const INK = 'color:#0f172a;';
const MUTED = 'color:#475569;';
const ACCENT = '#1d4ed8';

/** The post's elements, styled inline. */
const POST_STYLES: HtmlStyles = {
  p: `${FONT}${INK}font-size:17px;line-height:1.6;margin:0 0 16px;`,
  h2: `${SANS}${INK}font-size:22px;line-height:1.3;margin:28px 0 12px;`,
  h3: `${SANS}${INK}font-size:19px;line-height:1.3;margin:24px 0 10px;`,
  h4: `${SANS}${INK}font-size:17px;margin:20px 0 8px;`,
  h5: `${SANS}${INK}font-size:15px;margin:20px 0 8px;`,
  h6: `${SANS}${INK}font-size:14px;margin:20px 0 8px;`,
  a: `color:${ACCENT};text-decoration:underline;`,
  img: 'max-width:100%;height:auto;border:0;display:block;margin:16px 0;',
  ul: `${FONT}${INK}font-size:17px;line-height:1.6;margin:0 0 16px;padding-left:24px;`,
  ol: `${FONT}${INK}font-size:17px;line-height:1.6;margin:0 0 16px;padding-left:24px;`,
  li: 'margin:0 0 6px;',
  blockquote: `${MUTED}border-left:4px solid #cbd5e1;margin:0 0 16px;padding:4px 0 4px 16px;font-style:italic;`,
  pre: 'background:#f1f5f9;padding:12px;border-radius:6px;overflow:auto;font-size:14px;margin:0 0 16px;',
  code: 'font-family:Menlo,Consolas,monospace;font-size:0.9em;',
  hr: 'border:0;border-top:1px solid #e2e8f0;margin:24px 0;',
  table: 'border-collapse:collapse;margin:0 0 16px;',
  th: 'border:1px solid #e2e8f0;padding:6px 10px;text-align:left;',
  td: 'border:1px solid #e2e8f0;padding:6px 10px;',
};

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The plain-text part of HTML the renderer wrote (markdownToHtml: its own tags only, attributes
 * double-quoted): a link as its text and address, a picture as its alt text and address, blocks
 * apart by a blank line, list items on lines of their own.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      // marked's own line breaks between block tags; breaks inside a code sample stay.
      .replace(/\n+(?=<\/?(?:p|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|th|td|hr)\b)/g, '')
      .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_m, href: string, inner: string) => {
        const text = inner.replace(/<[^>]*>/g, '').trim();
        return !text || text === href ? href : `${text} (${href})`;
      })
      .replace(/<img src="([^"]*)" alt="([^"]*)"[^>]*>/g, (_m, src: string, alt: string) => `[${alt || 'Picture'}: ${src}]`)
      .replace(/<li[^>]*>/g, '- ')
      .replace(/<br\s*\/?>|<\/li>|<\/tr>|<\/th>|<\/td>/g, (tag) => (tag === '</th>' || tag === '</td>' ? ' | ' : '\n'))
      .replace(/<hr[^>]*>/g, '\n----\n')
      .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol|table)>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The mail around a body: the site's name on top, a footer under it; all inline. */
function frame(bodyHtml: string, footerHtml: string, origin: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f8fafc;">
<div style="max-width:640px;margin:0 auto;padding:24px 16px;">
<p style="${SANS}font-size:20px;font-weight:700;margin:0 0 20px;"><a href="${escapeHtml(`${origin}/`)}" style="${INK}text-decoration:none;">${SITE_NAME}</a></p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;">
${bodyHtml}
</div>
<div style="${SANS}${MUTED}font-size:13px;line-height:1.5;padding:16px 4px;">
${footerHtml}
</div>
</div>
</body></html>`;
}

const UNSUBSCRIBE_MARK = '\u0000unsubscribe\u0000';

/**
 * A post as a newsletter mail, rendered once per send: the subject is the post's title; the HTML
 * part is the post (the blog's renderer, addresses absolute against `origin`), a "Read on the
 * site" link to /blog/{id} and the unsubscribe link; the text part says the same. Returns the
 * mail for one subscriber's unsubscribe address.
 */
export function newsletterMessage(post: NewsletterPost, origin: string): (unsubscribeUrl: string) => MailParts {
  const postUrl = `${origin}/blog/${post.id}`;
  const body = markdownToHtml(post.content, { origin, styles: POST_STYLES });
  const html = frame(
    `<h1 style="${SANS}${INK}font-size:28px;line-height:1.25;margin:0 0 20px;">${escapeHtml(post.title)}</h1>
${body}
<p style="${SANS}margin:24px 0 0;"><a href="${escapeHtml(postUrl)}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px;">Read on the site</a></p>`,
    `<p style="margin:0 0 8px;">You get this mail because you subscribed to the ${SITE_NAME} newsletter.</p>
<p style="margin:0;"><a href="${UNSUBSCRIBE_MARK}" style="color:#475569;text-decoration:underline;">Unsubscribe</a></p>`,
    origin,
  );
  const text = [
    SITE_NAME,
    '',
    post.title,
    '='.repeat(Math.min(post.title.length, 72)),
    '',
    htmlToText(body),
    '',
    `Read on the site: ${postUrl}`,
    '',
    '--',
    `You get this mail because you subscribed to the ${SITE_NAME} newsletter.`,
    `Unsubscribe: ${UNSUBSCRIBE_MARK}`,
  ].join('\n');
  return (unsubscribeUrl) => ({
    subject: post.title,
    html: html.replace(UNSUBSCRIBE_MARK, escapeHtml(unsubscribeUrl)),
    text: text.replace(UNSUBSCRIBE_MARK, unsubscribeUrl),
  });
}

/** The mail a new address gets: one link that confirms it; ignored, the address is forgotten in 7 days. */
export function confirmationMessage(confirmUrl: string, origin: string): MailParts {
  const intro = `Please confirm that you want the ${SITE_NAME} newsletter: new teaching videos, articles and devotionals in your inbox.`;
  const ignore = "If you didn't ask for it, ignore this mail: nothing is sent to this address, and it is forgotten in 7 days.";
  return {
    subject: 'Confirm your subscription',
    text: [intro, '', `Confirm your subscription: ${confirmUrl}`, '', ignore].join('\n'),
    html: frame(
      `<h1 style="${SANS}${INK}font-size:24px;margin:0 0 16px;">Confirm your subscription</h1>
<p style="${SANS}${INK}font-size:16px;line-height:1.6;margin:0 0 20px;">${escapeHtml(intro)}</p>
<p style="${SANS}margin:0 0 8px;"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px;">Confirm your subscription</a></p>`,
      `<p style="margin:0;">${escapeHtml(ignore)}</p>`,
      origin,
    ),
  };
}
