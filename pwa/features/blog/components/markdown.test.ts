import '../test/browser-like-node-name';
import { describe, expect, test } from 'vitest';
import { createMarkdownRenderer, isSafeImageSrc } from './markdown';

const ID = '7f1e2d3c-4b5a-4968-8776-655443322110';
const render = createMarkdownRenderer(window, 'https://site.example');

/** The pictures of rendered Markdown, as the page's DOM reads them. */
function images(markdown: string): Array<Record<string, string | null>> {
  const box = document.createElement('div');
  box.innerHTML = render(markdown);
  return [...box.querySelectorAll('img')].map((img) => ({ src: img.getAttribute('src'), alt: img.getAttribute('alt'), loading: img.getAttribute('loading') }));
}

describe('pictures in a post (docs/product.md#blog-management)', () => {
  test('an upload of this site and an http(s) picture become <img src alt loading="lazy">', () => {
    expect(images(`![A shepherd](/objects/${ID})\n\n![A map](https://cdn.example.net/map.png)`)).toEqual([
      { src: `/objects/${ID}`, alt: 'A shepherd', loading: 'lazy' },
      { src: 'https://cdn.example.net/map.png', alt: 'A map', loading: 'lazy' },
    ]);
  });

  test.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in character references', '&#106;avascript:alert(1)'],
    ['data:', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['another path of this site', '/api/auth/logout'],
    ['a way out of /objects/', `/objects/../api/auth/logout`],
    ['a path read against the page', `objects/${ID}`],
    ['an entity-spelled path of this site', '&#47;api/auth/logout'],
  ])('%s is no picture: only its alt text shows', (_label, src) => {
    const box = document.createElement('div');
    box.innerHTML = render(`Before ![the alt](${src}) after`);
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toContain('the alt');
  });

  test('isSafeImageSrc: uploads and http(s) only', () => {
    expect([`/objects/${ID}`, `https://site.example/objects/${ID}`, 'http://cdn.example/a.png', '//cdn.example/a.png'].map(isSafeImageSrc)).toEqual([true, true, true, true]);
    expect(['javascript:alert(1)', 'data:image/png;base64,AAAA', '/api/blog', 'mailto:a@b.example', '', 'x.png'].map(isSafeImageSrc)).toEqual([false, false, false, false, false, false]);
  });
});
