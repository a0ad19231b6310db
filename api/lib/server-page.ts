/**
 * The few pages the server writes itself, outside the app: where a mailed link lands
 * (newsletter confirm and unsubscribe, a changed email's confirmation). They must work with no
 * JavaScript, in any browser a mail client opens, and on a device with the app installed: the
 * service worker leaves their paths to the network (contract/documents.ts, MAIL_LINK_PAGES).
 * One self-contained document, styles inline (the CSP allows inline styles, not scripts), no
 * script at all, and `noindex`: a token's page is nobody's search result.
 */

export interface ServerPage {
  /** The document's title and the page's heading. */
  title: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** An optional form of one button: POSTed to `action` with its hidden fields, form-encoded. */
  form?: { action: string; fields: Record<string, string>; button: string };
  /** The link under it; the site's home by default. */
  link?: { href: string; text: string };
}

const SITE_NAME = 'context is key';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--accent:#1d4ed8;--accent-text:#fff;--line:#e2e8f0}
@media (prefers-color-scheme:dark){:root{--bg:#141a2b;--card:#1c2438;--text:#e2e8f0;--muted:#a9b4c6;--accent:#93b4ff;--accent-text:#0b1020;--line:#2c3650}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{border-bottom:1px solid var(--line);background:var(--card)}
header a{display:block;max-width:40rem;margin:0 auto;padding:1rem;font-weight:700;font-size:1.25rem;color:var(--text);text-decoration:none}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem}
h1{margin:0 0 .75rem;font-size:1.5rem;line-height:1.3}
p{margin:0 0 1rem;color:var(--muted)}
button{font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-text);cursor:pointer;min-height:44px}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.link{display:inline-block;margin-top:.5rem;color:var(--accent)}
`;

/** The whole HTML document of a server page. */
export function renderServerPage(page: ServerPage): string {
  const paragraphs = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">${Object.entries(page.form.fields)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join('')}<button type="submit">${escapeHtml(page.form.button)}</button></form>`
    : '';
  const link = page.link ?? { href: '/', text: `Go to ${SITE_NAME}` };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="same-origin">
<title>${escapeHtml(page.title)} · ${SITE_NAME}</title><style>${STYLE}</style></head>
<body><header><a href="/">${SITE_NAME}</a></header>
<main><div class="card"><h1>${escapeHtml(page.title)}</h1>${paragraphs}${form}<a class="link" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></div></main>
</body></html>`;
}
