import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Video } from '#contract/content';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser';
import { appReady, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

async function api<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, inject('baseURL')));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The machine has no way out: the video platform's player is answered by a blank page. */
async function openPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><body style="margin:0;background:#000"></body>' }),
  );
  return page;
}

const main = (page: Page) => page.getByRole('main');
const searchBox = (page: Page) => main(page).getByRole('searchbox', { name: 'Search videos' });
const filter = (page: Page, label: 'All' | 'Videos' | 'Shorts') => main(page).getByRole('group', { name: 'Filter videos' }).getByRole('button', { name: new RegExp(`^${label}`) });
const resultLinks = (page: Page) => main(page).locator('a[href^="/watch/"]');

describe('/videos', () => {
  test('before typing: the prompt and no results', async () => {
    const page = await openPage();
    await visitAndDismissAuth(page, '/videos');
    await page.getByRole('heading', { level: 1, name: 'Video Library' }).waitFor();
    await main(page).getByText('Start typing to search the video library.').waitFor();
    await expect.poll(() => resultLinks(page).count()).toBe(0);
    await screenshot(page, 'videos-prompt');
    await page.close();
  });

  test('search a seeded word, filter Shorts and Videos with counts, open a result', async () => {
    const expected = await api<Video[]>('/api/videos?q=faith');
    const shorts = expected.filter((v) => v.isShort);
    const full = expected.filter((v) => !v.isShort);
    expect(shorts.length).toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(0);

    const page = await openPage();
    await visitAndDismissAuth(page, '/videos');
    await searchBox(page).pressSequentially('faith', { delay: 30 });
    await main(page).getByRole('link', { name: new RegExp(escape(full[0]!.title)) }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === 'faith');
    await expect.poll(() => resultLinks(page).count()).toBe(expected.length);
    await expect.poll(() => filter(page, 'All').textContent()).toBe(`All${expected.length}`);
    await expect.poll(() => filter(page, 'Videos').textContent()).toBe(`Videos${full.length}`);
    await expect.poll(() => filter(page, 'Shorts').textContent()).toBe(`Shorts${shorts.length}`);
    await screenshot(page, 'videos-results');

    await filter(page, 'Shorts').click();
    await expect.poll(() => filter(page, 'Shorts').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => resultLinks(page).count()).toBe(shorts.length);
    expect(await resultLinks(page).first().getAttribute('href')).toBe(`/watch/${shorts[0]!.id}`);

    await filter(page, 'Videos').click();
    await expect.poll(() => resultLinks(page).count()).toBe(full.length);
    await expect.poll(() => main(page).getByText(shorts[0]!.title).count()).toBe(0);

    await main(page).getByRole('link', { name: new RegExp(escape(full[0]!.title)) }).click();
    await page.waitForURL((url) => url.pathname === `/watch/${full[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: full[0]!.title }).waitFor();

    // Back: the search and the filter are still there (they live in the URL).
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/videos');
    expect(await searchBox(page).inputValue()).toBe('faith');
    await expect.poll(() => filter(page, 'Videos').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => resultLinks(page).count()).toBe(full.length);

    // Reload keeps it too.
    await page.reload();
    await appReady(page);
    await main(page).getByRole('link', { name: new RegExp(escape(full[0]!.title)) }).waitFor();
    expect(await searchBox(page).inputValue()).toBe('faith');
    await page.close();
  });

  test('no matches: the text names the filter and the query as typed', async () => {
    const page = await openPage();
    await visitAndDismissAuth(page, '/videos');
    await searchBox(page).fill('zzyzx');
    await searchBox(page).press('Enter');
    await main(page).getByText('No videos found matching "zzyzx"', { exact: true }).waitFor();
    await expect.poll(() => filter(page, 'All').textContent()).toBe('All0');
    await screenshot(page, 'videos-no-match', ['mobile']);

    // 'context' matches full-length videos only.
    const context = await api<Video[]>('/api/videos?q=context');
    expect(context.length).toBeGreaterThan(0);
    expect(context.some((v) => v.isShort)).toBe(false);
    await searchBox(page).fill('context');
    await main(page).locator('a[href^="/watch/"]').first().waitFor();
    await filter(page, 'Shorts').click();
    await main(page).getByText('No shorts found matching "context"', { exact: true }).waitFor();

    const onlyShorts = await api<Video[]>('/api/videos?q=blind');
    expect(onlyShorts.length).toBeGreaterThan(0);
    expect(onlyShorts.every((v) => v.isShort)).toBe(true);
    await filter(page, 'Videos').click();
    await searchBox(page).fill('blind');
    await main(page).getByText('No full-length videos found matching "blind"', { exact: true }).waitFor();
    await expect.poll(() => filter(page, 'Shorts').textContent()).toBe(`Shorts${onlyShorts.length}`);
    await page.close();
  });

  test('a blank search does nothing', async () => {
    const page = await openPage();
    await visitAndDismissAuth(page, '/videos');
    const searched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/videos')) searched.push(request.url());
    });
    await searchBox(page).fill('   ');
    await searchBox(page).press('Enter');
    await page.waitForTimeout(600);
    expect(searched).toEqual([]);
    await main(page).getByText('Start typing to search the video library.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('/watch/{id}', () => {
  test('the player, the details, one more view, and the way back', async () => {
    const [video] = await api<Video[]>('/api/videos?q=resurrection');
    expect(video).toBeDefined();
    const before = await api<Video>(`/api/videos/${video!.id}`);

    const page = await openPage();
    const counted = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video!.id}/views`) && r.request().method() === 'POST');
    await visitAndDismissAuth(page, `/watch/${video!.id}`);
    await page.getByRole('heading', { level: 1, name: before.title }).waitFor();
    expect((await counted).status()).toBe(200);

    const player = main(page).locator('iframe');
    expect(await player.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${before.youtubeId}?autoplay=1`);
    expect(await player.getAttribute('title')).toBe(`Video player: ${before.title}`);
    expect(await player.getAttribute('allow')).toBe('autoplay; encrypted-media; picture-in-picture');
    expect(await player.getAttribute('allowfullscreen')).not.toBeNull();
    const box = await player.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.width / box!.height - 16 / 9)).toBeLessThan(0.02);

    // The page shows the new total, and the server has counted exactly one view.
    await main(page).getByText(`${(before.views + 1).toLocaleString('en-US')} views`).waitFor();
    await page.waitForTimeout(300);
    const after = await api<Video>(`/api/videos/${video!.id}`);
    expect(after.views).toBe(before.views + 1);

    await main(page).getByRole('heading', { level: 2, name: 'Your Notes' }).waitFor();
    await screenshot(page, 'watch');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'watch-dark', ['desktop']);
    await page.emulateMedia({ colorScheme: 'light' });

    await main(page).getByRole('link', { name: 'Back to Videos' }).click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await page.getByRole('heading', { level: 1, name: 'Video Library' }).waitFor();
    await page.close();
  });

  test("a missing video: 'Video Not Found' and a button back", async () => {
    const page = await openPage();
    await visitAndDismissAuth(page, '/watch/99999');
    await page.getByRole('heading', { level: 1, name: 'Video Not Found' }).waitFor();
    expect(await main(page).locator('iframe').count()).toBe(0);
    await screenshot(page, 'video-not-found', ['mobile']);
    await main(page).getByRole('link', { name: 'Back to Videos' }).click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await page.close();
  });

  test('nothing is wider than a 360 px screen', async () => {
    const page = await openPage({ width: 360, height: 740 });
    for (const path of ['/videos?q=faith', '/watch/1', '/watch/99999']) {
      await visit(page, path);
      await main(page).locator('h1').waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await page.close();
  });
});

describe('/videos on a phone', () => {
  test('search and open a short', async () => {
    const page = await openPage(MOBILE);
    await visitAndDismissAuth(page, '/videos?q=faith&type=shorts');
    const first = resultLinks(page).first();
    await first.waitFor();
    await screenshot(page, 'videos-shorts', ['mobile']);
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    await main(page).locator('iframe').waitFor();
    await page.close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
