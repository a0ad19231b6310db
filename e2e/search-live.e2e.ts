import { inject } from 'vitest';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser';
import { signUpThroughDialog, toast, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

const FOUND = /^Found (\d+) results? for "(.*)"$/;

describe('site search', () => {
  test('searching from the header shows the result line and the Videos and Articles groups', async () => {
    const page = await browser.newPage(DESKTOP);
    await visitAndDismissAuth(page, '/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await search.fill('resurrection');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'resurrection');
    const main = page.getByRole('main');
    const line = main.getByText(FOUND);
    await line.waitFor();
    const [, count, query] = FOUND.exec((await line.textContent()) ?? '')!;
    expect(query).toBe('resurrection');

    const videos = main.getByRole('region', { name: 'Videos' });
    const articles = main.getByRole('region', { name: 'Articles' });
    await videos.getByRole('link', { name: /The Minimal Facts Case for the Resurrection/ }).waitFor();
    const videoLinks = await videos.getByRole('link').count();
    const articleLinks = await articles.getByRole('link').count();
    expect(articleLinks).toBeGreaterThan(0);
    expect(videoLinks + articleLinks).toBe(Number(count));
    expect(await main.getByRole('searchbox', { name: 'Search videos, articles, and topics' }).inputValue()).toBe('resurrection');
    await screenshot(page, 'search-results');

    await videos.getByRole('link', { name: /The Minimal Facts Case for the Resurrection/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/watch/'));
    await page.close();
  });

  test('with no query: 12 topic chips, and a chip searches for its topic', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/search');
    const topics = page.getByRole('main').getByRole('region', { name: 'Popular topics' });
    await topics.waitFor();
    expect(await topics.getByRole('link').count()).toBe(12);
    await screenshot(page, 'search-topics');
    await topics.getByRole('link', { name: 'Trinity' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Trinity');
    await page.getByRole('main').getByText(/^Found \d+ results? for "Trinity"$/).waitFor();
    await page.getByRole('main').getByRole('region', { name: 'Videos' }).getByRole('link', { name: /The Trinity Explained Without Bad Analogies/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.close();
  });

  test('no results: the message links to the video library and the blog', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/search?q=xylophonezebra');
    const main = page.getByRole('main');
    await main.getByText('Found 0 results for "xylophonezebra"').waitFor();
    await main.getByText('No videos or articles match your search.').waitFor();
    await screenshot(page, 'search-empty');
    await main.getByRole('link', { name: 'video library' }).click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await page.goBack();
    await main.getByRole('link', { name: 'blog', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await page.close();
  });
});

describe('live Q&A', () => {
  test('the seeded live stream: LIVE badge, viewers, title, description and the questions', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/live-qa');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Live Q&A' }).waitFor();
    await main.getByRole('heading', { level: 2, name: 'Live Q&A: Can We Trust the Bible We Have Today?' }).waitFor();
    await main.getByText('LIVE', { exact: true }).waitFor();
    // The viewers watching the stream now (other journeys on this server may have a page open
    // too). A viewer is the signed-in user, else the address: a second tab of this reader leaves
    // the count as it is; another reader, signed in, counts at once here, and leaves the count
    // when their page closes.
    const viewers = main.getByText(/^[\d,]+ viewers?$/);
    await viewers.waitFor();
    const count = async () => Number((await viewers.innerText()).replace(/\D/g, ''));
    // Counted once its event stream is open (the first answer may still say 0).
    await expect.poll(count, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    const before = await count();
    const secondTab = await browser.newPage();
    await visitAndDismissAuth(secondTab, '/live-qa');
    await secondTab.getByText(`${before.toLocaleString()} ${before === 1 ? 'viewer' : 'viewers'}`, { exact: true }).waitFor();
    expect(await count()).toBe(before);
    await secondTab.close();
    const someoneElse = await (await browser.newContext()).newPage();
    await visit(someoneElse, '/live-qa');
    await signUpThroughDialog(someoneElse, uniqueUsername('viewer'));
    // A page's stream is counted as whoever opened it: signed in now, the page is opened again.
    await visit(someoneElse, '/live-qa');
    await expect.poll(count, { timeout: 5_000 }).toBe(before + 1);
    await someoneElse.close();
    await expect.poll(count, { timeout: 5_000 }).toBe(before);
    await main.getByText(/Manuscripts, translations, the canon/).waitFor();
    const questions = main.getByRole('region', { name: /^Questions \(\d+\)$/ });
    await questions.getByText('How do we know the copies we have today match what the apostles actually wrote?').waitFor();
    await questions.getByRole('listitem').filter({ hasText: 'Josh' }).getByText('Highlighted').waitFor();
    await questions.getByRole('listitem').filter({ hasText: 'Maria' }).getByText('Answered').waitFor();
    await screenshot(page, 'live-qa');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'live-qa-dark', ['desktop']);
    await page.close();
  });

  test('asking a question: blank gives "Missing information", then "Question submitted!" and it appears', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/live-qa');
    const main = page.getByRole('main');
    const name = main.getByLabel('Your name');
    const question = main.getByLabel('Your question');
    await name.waitFor();
    await main.getByRole('button', { name: 'Submit Question' }).click();
    expect(await toastText(page, 'Missing information')).toContain('Please provide your name and question.');

    await name.fill('Lydia');
    await question.fill('   ');
    await main.getByRole('button', { name: 'Submit Question' }).click();
    expect(await toastText(page, 'Missing information')).toContain('Please provide your name and question.');

    const text = `What did "faith" mean to Paul's readers? (${Date.now()})`;
    await question.fill(text);
    await main.getByRole('button', { name: 'Submit Question' }).click();
    await toastText(page, 'Question submitted!');
    expect(await toast(page).getAttribute('data-variant')).toBe('default');
    expect(await question.inputValue()).toBe('');
    expect(await name.inputValue()).toBe('Lydia');
    const mine = main.getByRole('region', { name: /^Questions/ }).getByRole('listitem').filter({ hasText: text });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Lydia');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.reload();
    await main.getByRole('region', { name: /^Questions/ }).getByText(text).waitFor();
    await page.close();
  });

  test('upcoming sessions show as cards with their date and time', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/live-qa');
    const upcoming = page.getByRole('main').getByRole('region', { name: 'Upcoming Sessions' });
    const cards = upcoming.getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    const first = cards.filter({ hasText: 'Reading Revelation Without Fear' });
    const time = first.locator('time');
    const iso = await time.getAttribute('datetime');
    expect(Number.isNaN(Date.parse(iso ?? ''))).toBe(false);
    // "Sunday, March 9 · 7:00 PM" in the reader's time zone.
    expect(await time.textContent()).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} · \d{1,2}:\d{2} [AP]M$/);
    await page.close();
  });
});
