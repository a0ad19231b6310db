import { describe, expect, test } from 'vitest';
import { confirmationMessage, htmlToText, newsletterMessage } from './newsletter.message';

const ORIGIN = 'https://cik.example';
const UNSUBSCRIBE = `${ORIGIN}/newsletter/unsubscribe?token=7.abc`;

const post = {
  id: 42,
  title: 'Grace & "truth" <today>',
  content: [
    '# A heading',
    '',
    'A paragraph with a [relative link](/videos) and an [outside one](https://example.org/a?b=1&c=2).',
    '',
    '![A cross on a hill](/objects/0123456789abcdef)',
    '',
    '<script>alert(1)</script> <img src=x onerror=alert(2)> <style>body{}</style>',
    '',
    '[bad](javascript:alert(3)) ![bad picture](/api/users/1) ![data](data:image/png;base64,AAAA)',
    '',
    '- one',
    '- two',
    '',
    '> quoted',
  ].join('\n'),
};

describe('newsletterMessage', () => {
  const mail = newsletterMessage(post, ORIGIN)(UNSUBSCRIBE);

  test("the subject is the post's title, as written", () => {
    expect(mail.subject).toBe('Grace & "truth" <today>');
  });

  test('the HTML part: the title escaped, the site name, Read on the site and the unsubscribe link, all absolute', () => {
    expect(mail.html).toContain('Grace &amp; &quot;truth&quot; &lt;today&gt;');
    expect(mail.html).toContain('context is key');
    expect(mail.html).toMatch(new RegExp(`<a href="${ORIGIN}/blog/42"[^>]*>Read on the site</a>`));
    expect(mail.html).toMatch(/<a href="https:\/\/cik\.example\/newsletter\/unsubscribe\?token=7\.abc"[^>]*>Unsubscribe<\/a>/);
    expect(mail.html).toContain(`<a href="${ORIGIN}/videos"`);
    expect(mail.html).toContain('<a href="https://example.org/a?b=1&amp;c=2"');
    expect(mail.html).toMatch(new RegExp(`<img src="${ORIGIN}/objects/0123456789abcdef" alt="A cross on a hill"`));
    // Every href and src is absolute.
    for (const [, url] of mail.html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^https:\/\//);
  });

  test('nothing of the text runs: no script, no style sheet, no event handler, no javascript: or data: address', () => {
    expect(mail.html).not.toMatch(/<script|<style|<img src="?x|<[^>]*\sonerror=|javascript:|data:image/i);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // A picture of another path of the site shows as its alt text.
    expect(mail.html).not.toContain('/api/users/1');
    expect(mail.html).toContain('bad picture');
  });

  test('every element is styled inline', () => {
    for (const tag of ['h1', 'h2', 'p', 'a', 'img', 'ul', 'li', 'blockquote']) {
      expect(mail.html, tag).toMatch(new RegExp(`<${tag} [^>]*style="[^"]+"`));
    }
    // Each style attribute is whole: no double quote inside one ends it early.
    for (const [, css] of mail.html.matchAll(/style="([^"]*)"/g)) expect(css).toMatch(/;$/);
    expect(mail.html).toMatch(/<body style=/);
  });

  test('the text part says the same: the title, the text, the links with their addresses, Read on the site, Unsubscribe', () => {
    expect(mail.text).toContain('Grace & "truth" <today>');
    expect(mail.text).toContain('A heading');
    expect(mail.text).toContain(`relative link (${ORIGIN}/videos)`);
    expect(mail.text).toContain('outside one (https://example.org/a?b=1&c=2)');
    expect(mail.text).toContain(`[A cross on a hill: ${ORIGIN}/objects/0123456789abcdef]`);
    expect(mail.text).toContain('- one\n- two');
    expect(mail.text).toContain(`Read on the site: ${ORIGIN}/blog/42`);
    expect(mail.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    // Plain text: the post's own "<script>" shows as the words it is; no tag of the renderer is left.
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).not.toMatch(/<\/?(p|a|li|ul|h\d|blockquote)[\s>]|<img src="/);
  });

  test('rendered once, sent to many: each subscriber gets their own unsubscribe address', () => {
    const render = newsletterMessage(post, ORIGIN);
    const a = render(`${ORIGIN}/newsletter/unsubscribe?token=1.a`);
    const b = render(`${ORIGIN}/newsletter/unsubscribe?token=2.b`);
    expect(a.html).toContain('token=1.a');
    expect(a.html).not.toContain('token=2.b');
    expect(b.text).toContain('token=2.b');
  });
});

describe('confirmationMessage', () => {
  test('one link, in both parts, and what happens if it is ignored', () => {
    const url = `${ORIGIN}/newsletter/confirm?token=abc_DEF-123`;
    const mail = confirmationMessage(url, ORIGIN);
    expect(mail.subject).toBe('Confirm your subscription');
    expect(mail.text).toContain(url);
    expect(mail.text).toMatch(/forgotten in 7 days/);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).not.toMatch(/<script|<style/i);
  });
});

describe('htmlToText', () => {
  test('entities decoded, blocks apart, a link whose text is its address once', () => {
    expect(htmlToText('<p>a &amp; b</p><p><a href="https://x.example/">https://x.example/</a></p>')).toBe('a & b\n\nhttps://x.example/');
  });
});
