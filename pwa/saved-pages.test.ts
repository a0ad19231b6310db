// The service worker's kept pages (saved-pages.ts): which pages, and what is kept of an answer.
import { isSavedPagePath, pageOfApiPath, pageToKeep } from '#pwa/saved-pages';
import { SAVED_PAGE_META, SERVER_STATE_ID } from '#pwa/server-state';

const rendered = `<!doctype html><html><head><title>Post</title></head><body><div id="root"><article><p>Text</p></article></div><script type="application/json" id="${SERVER_STATE_ID}">{}</script></body></html>`;

describe('the pages the service worker keeps for offline', () => {
  test('a post is kept; lists, other pages, a watch page and ids no row has are not', () => {
    expect(isSavedPagePath('/blog/1')).toBe(true);
    expect(isSavedPagePath('/blog/42')).toBe(true);
    for (const path of ['/', '/blog', '/videos', '/watch/42', '/blog/', '/blog/0', '/blog/01', '/blog/-1', '/blog/abc', '/blog/1/edit', '/blog-admin/1', '/api/blog/1']) {
      expect(isSavedPagePath(path), path).toBe(false);
    }
  });

  test('the API answer of a post names its page, which goes when the answer says it is gone', () => {
    expect(pageOfApiPath('/api/blog/3')).toBe('/blog/3');
    for (const path of ['/api/blog', '/api/blog/3/views', '/api/blog/0', '/api/blog/x', '/api/videos/7', '/blog/3', '/api/search']) {
      expect(pageOfApiPath(path), path).toBeNull();
    }
  });

  test('a rendered page is kept with the time it was fetched, which the app dates its answers by', () => {
    const kept = pageToKeep(rendered, 1_700_000_000_000);
    expect(kept).toContain(`<meta name="${SAVED_PAGE_META}" content="1700000000000"></head>`);
    // The rest is the page as it came.
    expect(kept?.replace(/<meta name="[^"]+" content="\d+">/, '')).toBe(rendered);
  });

  test('the shell (the server could not render the page) or a page without a head is not kept', () => {
    const shell = '<!doctype html><html><head><title>context is key</title></head><body><div id="root"></div></body></html>';
    expect(pageToKeep(shell, Date.now())).toBeNull();
    expect(pageToKeep(`<div id="${SERVER_STATE_ID}"></div>`, Date.now())).toBeNull();
    expect(pageToKeep('', Date.now())).toBeNull();
  });
});
