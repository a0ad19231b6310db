import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP } from './support/browser';
import { appReady, signUpThroughDialog, uniqueUsername } from './support/app';
import { readStore, waitForServiceWorker } from './support/offline';
import { startRestartableServer, traceLine, type RestartableServer } from './support/restartable-server';
import { prng } from './support/prng';

// Idempotent writes (docs/decisions/003): a seeded random journey of one signed-in reader's writes (bookmark, mark complete,
// comment) through the real UI, with faults in between: offline windows, reloads, a browser
// restart on the same profile, server restarts on the same origin and database, and the server
// stopped (often killed) a few milliseconds after a click. At the end: nothing lost, nothing
// doubled, nothing shown wrong, on the server and on screen.
//
//   CHAOS_SEED=7 npx vitest run --project e2e e2e/chaos.e2e.ts        one seed (default below)
//   CHAOS_SEEDS=1,2,3 npx vitest run --project e2e e2e/chaos.e2e.ts   one test per seed
//   CHAOS_ALLOW_FLASHES=1 …   report but do not fail on a button clickable for a moment with a wrong state
//   CHAOS_TRACE=/tmp/t.log …  the steps, the server's requests and every state the buttons show, timed, in one file
//
// The steps follow from the seed alone; what the app and the server make of them depends on timing
// too, so a failure prints the seed and the steps that led to it.

const DEFAULT_SEED = 7;
/** Writes (clicks and posted comments) per seed. */
const WRITES = 44;
/** At most this many comments per item, so all of them fit in the first page the UI loads (20). */
const COMMENTS_PER_ITEM = 12;
const SEED_TIMEOUT = 300_000;
/**
 * CHAOS_ALLOW_FLASHES=1: a button clickable for a moment after a load with a state other than the
 * intended one (then right) is reported but does not fail the run. By default it fails: a press in
 * that moment acts the wrong way round.
 */
const ALLOW_FLASHES = process.env.CHAOS_ALLOW_FLASHES === '1';
function seedsToRun(): number[] {
  const list = process.env.CHAOS_SEEDS?.trim();
  if (list) {
    const seeds = list.split(',').map((s) => Number(s.trim()));
    if (seeds.some((s) => !Number.isInteger(s))) throw new Error(`CHAOS_SEEDS must be whole numbers separated by commas (got "${list}")`);
    return seeds;
  }
  const one = process.env.CHAOS_SEED?.trim();
  if (one) {
    if (!Number.isInteger(Number(one))) throw new Error(`CHAOS_SEED must be a whole number (got "${one}")`);
    return [Number(one)];
  }
  return [DEFAULT_SEED];
}


interface Item {
  contentType: 'video' | 'blog';
  id: number;
  path: string;
  title: string;
}

const ITEM_REFS: Omit<Item, 'title'>[] = [
  { contentType: 'video', id: 1, path: '/watch/1' },
  { contentType: 'video', id: 2, path: '/watch/2' },
  { contentType: 'video', id: 3, path: '/watch/3' },
  { contentType: 'blog', id: 1, path: '/blog/1' },
  { contentType: 'blog', id: 2, path: '/blog/2' },
];

const WORDS = ['grace', 'truth', 'Acts 2', 'the empty tomb', 'Romans 8', 'minimal facts', 'Nicaea', 'John 1', 'creeds', 'hope', 'Psalm 23', 'Paul at Athens'];

let server: RestartableServer | undefined;
/** Journeys not cleaned up yet (a test that timed out): their browser and profile go in afterAll. */
const unfinished = new Set<Journey>();
beforeAll(async () => {
  server = await startRestartableServer();
});
afterAll(async () => {
  for (const journey of unfinished) await journey.cleanUp({ restartServer: false });
  await server?.close();
});
const own = (): RestartableServer => {
  if (!server) throw new Error('the server of chaos.e2e.ts is not running');
  return server;
};

const main = (page: Page) => page.getByRole('main');
const bookmarkButton = (page: Page) => main(page).getByRole('button', { name: /^Bookmark(ed)?$/ });
const completeButton = (page: Page) => main(page).getByRole('button', { name: /^(Mark Complete|Completed)$/ });
const commentList = (page: Page) => main(page).getByRole('list', { name: 'Comments, newest first' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** Polls `read` until it returns `want` or `timeout` passes; returns the last value read. */
async function settle<T>(read: () => Promise<T>, want: T, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (value !== want && Date.now() < deadline) {
    await sleep(100);
    value = await read();
  }
  return value;
}

/**
 * Both buttons' aria-pressed at the first animation frame in which both are there and enabled:
 * what a user sees the moment they can click (checked in the page, so no moment is skipped).
 */
async function statesWhenClickable(page: Page): Promise<{ bookmarked: boolean; completed: boolean }> {
  const handle = await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      const buttons = [...main.querySelectorAll<HTMLButtonElement>('button[aria-pressed]')];
      const text = (b: HTMLButtonElement) => (b.textContent ?? '').trim();
      const bookmark = buttons.find((b) => text(b) === 'Bookmark' || text(b) === 'Bookmarked');
      const complete = buttons.find((b) => text(b) === 'Mark Complete' || text(b) === 'Completed');
      if (!bookmark || !complete || bookmark.disabled || complete.disabled) return false;
      return { bookmarked: bookmark.getAttribute('aria-pressed') === 'true', completed: complete.getAttribute('aria-pressed') === 'true' };
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as { bookmarked: boolean; completed: boolean };
}

const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';

/** An outbox entry as stored: its kind and variables (the app's registry makes its request and words). */
interface OutboxRow {
  status: 'pending' | 'failed';
  kind: string;
  body?: { contentType?: string; contentId?: number; completed?: boolean };
  lastError?: string;
  lastStatus?: number;
  attempts: number;
}

interface Figures {
  seed: number;
  writes: number;
  lost: number;
  duplicated: number;
  wrong: number;
  /** Buttons clickable for a moment after a load while showing a state other than the intended one. */
  flashes: number;
  serverErrors: number;
  failedInOutbox: number;
}

describe('chaos: a reader’s offline writes survive faults', () => {
  for (const seed of seedsToRun()) {
    test(`seed ${seed}: nothing lost, nothing doubled, nothing shown wrong`, async () => {
      const journey = new Journey(seed, own());
      unfinished.add(journey);
      try {
        await journey.run();
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        error.message = `[chaos seed=${seed}] ${error.message}\n${journey.replay()}`;
        throw error;
      } finally {
        await journey.cleanUp();
      }
    }, SEED_TIMEOUT);
  }
});

class Journey {
  private readonly rng: () => number;
  private readonly profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-chaos-profile-'));
  private context: BrowserContext | null = null;
  private page!: Page;
  private items: Item[] = [];
  private current!: Item;
  private userId = 0;
  private username = '';
  private offline = false;
  /** Writes left before the offline window / the server's down time ends. */
  private offlineWritesLeft = 0;
  private serverDownWritesLeft = 0;
  /** The next write is followed, 10-80 ms after its click, by the server going down. */
  private stopAfterNextClick: 'kill' | 'stop' | null = null;

  // The reader's intended final state.
  private readonly intended = new Map<string, { bookmarked: boolean; completed: boolean; comments: string[] }>();
  private writes = 0;
  private readonly steps: string[] = [];
  private readonly wrongs: string[] = [];
  /** Buttons that were clickable showing a wrong state for a moment after a load, then right. */
  private readonly flashes: string[] = [];
  /** Buttons seen wrong (and staying so) since the page last loaded: not counted again before a click. */
  private readonly stuck = new Set<string>();
  private readonly serverErrors: string[] = [];
  private readonly pageErrors: string[] = [];
  private readonly faults = { offlineWindows: 0, reloads: 0, browserRestarts: 0, serverRestarts: 0, stopsAfterClick: 0, stopsWhileDraining: 0, navigations: 0 };

  constructor(
    private readonly seed: number,
    private readonly server: RestartableServer,
  ) {
    this.rng = prng(seed);
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.rng() * (max - min + 1));
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(this.rng() * list.length)]!;
  }

  private step(what: string): void {
    this.steps.push(`${String(this.steps.length + 1).padStart(3)}. [w${this.writes} ${this.offline ? 'offline' : 'online'} server ${this.server.isUp() ? 'up' : 'down'}] ${what}`);
    traceLine(`[step] ${this.steps.at(-1)!}`);
  }

  /** Records something shown wrong, with what the device holds about the item (to tell why). */
  private async wrong(what: string, device?: string, only: 'for a moment' | 'stayed' = 'stayed'): Promise<void> {
    const line = `step ${this.steps.length} (${this.current.path}): ${what} [${device ?? (await this.deviceState(this.current))}]`;
    (only === 'stayed' ? this.wrongs : this.flashes).push(line);
    console.log(`[chaos] seed=${this.seed} shown wrong${only === 'stayed' ? '' : ' for a moment'}: ${line}`);
  }

  /** The item's entries in the outbox and whether the saved query cache holds its bookmark list and completion. */
  private async deviceState(item: Item): Promise<string> {
    return this.readDeviceState(item).catch((e: unknown) => `device state unreadable: ${String(e)}`);
  }

  private async readDeviceState(item: Item): Promise<string> {
    const entries = (await readStore<OutboxRow>(this.page, 'outbox')).filter(
      (e) => e.body?.contentType === item.contentType && e.body.contentId === item.id && e.kind !== 'comment.create',
    );
    const outbox = entries.map((e) => `${e.kind}${e.body?.completed !== undefined ? `(${e.body.completed})` : ''} ${e.status}${e.lastStatus ? ` ${e.lastStatus}` : ''}`).join(', ') || 'none';
    const saved = await readStore<{ key: string; value: { clientState?: { queries?: { queryKey: unknown[]; state: { status: string; data?: unknown } }[] } } }>(this.page, 'queryCache');
    const queries = saved.flatMap((r) => r.value?.clientState?.queries ?? []);
    const has = (test: (key: unknown[]) => boolean) => queries.find((q) => test(q.queryKey));
    const list = has((k) => k.includes('bookmarks') && k.at(-1) === 'list');
    const check = has((k) => k.includes('check') && k.at(-2) === item.contentType && k.at(-1) === item.id);
    const inList = Array.isArray(list?.state.data) ? (list.state.data as { contentType: string; contentId: number }[]).some((b) => b.contentType === item.contentType && b.contentId === item.id) : undefined;
    return (
      `outbox for the item: ${outbox}; saved cache: bookmark list ${list ? `saved (${inList ? 'has' : 'lacks'} this item)` : 'MISSING'}, ` +
      `completion ${check ? `saved (${JSON.stringify(check.state.data)})` : 'MISSING'}`
    );
  }

  private model(item: Item) {
    const key = `${item.contentType}:${item.id}`;
    let state = this.intended.get(key);
    if (!state) {
      state = { bookmarked: false, completed: false, comments: [] };
      this.intended.set(key, state);
    }
    return state;
  }

  replay(): string {
    const env = `CHAOS_SEED=${this.seed}`;
    return [`replay: ${env} npx vitest run --project e2e e2e/chaos.e2e.ts`, 'steps:', ...this.steps, `server output (last lines):\n${this.server.output().split('\n').slice(-15).join('\n')}`].join('\n');
  }

  async cleanUp({ restartServer = true }: { restartServer?: boolean } = {}): Promise<void> {
    unfinished.delete(this);
    await this.context?.close().catch(() => undefined);
    this.context = null;
    fs.rmSync(this.profile, { recursive: true, force: true });
    // The next seed starts with the server up.
    if (restartServer && !this.server.isUp()) await this.server.start();
  }

  // ── the browser ────────────────────────────────────────────────────────────────────────────

  private async launch(): Promise<void> {
    const context = await chromium.launchPersistentContext(this.profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: this.server.url,
      viewport: DESKTOP,
      offline: this.offline,
    });
    context.setDefaultTimeout(30_000);
    context.on('response', (response) => {
      if (response.status() >= 500) this.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    const watch = (page: Page) => page.on('pageerror', (error) => this.pageErrors.push(`${page.url()}: ${error.message}`));
    context.on('page', watch);
    context.pages().forEach(watch);
    if (process.env.CHAOS_TRACE) await traceButtons(context);
    this.context = context;
    this.page = context.pages()[0] ?? (await context.newPage());
  }

  private async goto(target: string): Promise<void> {
    await this.page.goto(target, { waitUntil: 'domcontentloaded' });
    await appReady(this.page);
  }

  /** The item's page is there with both buttons clickable; checks what they show against the model. */
  private async arrive(item: Item, why: string): Promise<void> {
    this.current = item;
    await main(this.page).getByRole('heading', { level: 1 }).filter({ hasText: item.title }).waitFor();
    const shown = await statesWhenClickable(this.page);
    const want = this.model(item);
    this.stuck.clear();
    for (const [name, button, key] of [
      ['bookmark', bookmarkButton(this.page), 'bookmarked'],
      ['complete', completeButton(this.page), 'completed'],
    ] as const) {
      if (shown[key] === want[key]) continue;
      const device = await this.deviceState(item);
      const later = await settle(() => pressed(button), want[key]);
      if (later !== want[key]) this.stuck.add(key);
      await this.wrong(
        `${why}: the ${name} button was clickable showing ${key}=${yesNo(shown[key])}, the reader's last intent is ${yesNo(want[key])}` +
          (later === want[key] ? ' (right a moment later)' : ' (and stayed so)'),
        device,
        later === want[key] ? 'for a moment' : 'stayed',
      );
    }
  }

  // ── faults ─────────────────────────────────────────────────────────────────────────────────

  private async setOffline(offline: boolean): Promise<void> {
    this.step(offline ? 'go offline' : 'go online');
    this.offline = offline;
    // Now and then the server dies just as the writes queued offline are on their way.
    const killWhileDraining = !offline && this.server.isUp() && this.rng() < 0.3;
    await this.context!.setOffline(offline);
    if (offline) {
      this.faults.offlineWindows += 1;
      this.offlineWritesLeft = this.int(2, 5);
    } else if (killWhileDraining) {
      const delay = this.int(10, 80);
      await sleep(delay);
      this.faults.stopsWhileDraining += 1;
      await this.serverDown('kill', `${delay} ms after going online (the queued writes on their way)`);
    }
  }

  private async reload(): Promise<void> {
    this.step(`reload ${this.current.path}`);
    this.faults.reloads += 1;
    await this.page.reload({ waitUntil: 'domcontentloaded' });
    await appReady(this.page);
    await this.arrive(this.current, 'after a reload');
  }

  private async navigate(item: Item): Promise<void> {
    this.step(`open ${item.path}`);
    this.faults.navigations += 1;
    await this.goto(item.path);
    await this.arrive(item, 'on opening the page');
  }

  private async restartBrowser(): Promise<void> {
    this.step(`browser restart on the same profile, then ${this.current.path}`);
    this.faults.browserRestarts += 1;
    await this.context!.close();
    this.context = null;
    await this.launch();
    await this.goto(this.current.path);
    // The service worker survived (it serves the page, offline too) and controls it at once.
    await waitForServiceWorker(this.page);
    await this.arrive(this.current, 'after a browser restart');
  }

  private async serverDown(how: 'kill' | 'stop', why: string): Promise<void> {
    this.step(`server ${how === 'kill' ? 'killed (SIGKILL)' : 'stopped (SIGTERM)'} ${why}`);
    this.faults.serverRestarts += 1;
    if (how === 'kill') await this.server.kill();
    else await this.server.stop();
    this.serverDownWritesLeft = this.int(1, 3);
  }

  private async serverUp(): Promise<void> {
    this.step('server started again (same port, same database)');
    await this.server.start();
  }

  // ── writes ─────────────────────────────────────────────────────────────────────────────────

  /** After a click: the server goes down 10-80 ms later when asked, and the windows count down. */
  private async afterWrite(): Promise<void> {
    this.writes += 1;
    if (this.stopAfterNextClick) {
      const how = this.stopAfterNextClick;
      this.stopAfterNextClick = null;
      const delay = this.int(10, 80);
      await sleep(delay);
      this.faults.stopsAfterClick += 1;
      await this.serverDown(how, `${delay} ms after the click`);
      return;
    }
    if (this.offline) this.offlineWritesLeft -= 1;
    if (!this.server.isUp()) this.serverDownWritesLeft -= 1;
  }

  /** A write waiting for the server (offline, or the server down) shows at once, marked. */
  private async expectMarked(scope: Locator, what: string, madeWhile: 'offline' | 'server down' | null): Promise<void> {
    if (!madeWhile) return;
    const marked = await settle(async () => (await scope.getByText('Waiting to sync', { exact: true }).count()) > 0, true, 5000);
    if (!marked) await this.wrong(`${what}, made ${madeWhile === 'offline' ? 'offline' : 'with the server down'}, is not marked "Waiting to sync"`);
  }

  /** Why a write made now must wait (and show so), if it must. */
  private waitingFor(): 'offline' | 'server down' | null {
    return this.offline ? 'offline' : this.server.isUp() ? null : 'server down';
  }

  private async toggle(kind: 'bookmark' | 'complete'): Promise<void> {
    const button = kind === 'bookmark' ? bookmarkButton(this.page) : completeButton(this.page);
    const key = kind === 'bookmark' ? 'bookmarked' : 'completed';
    const state = this.model(this.current);
    await button.waitFor();
    await settle(() => button.isEnabled(), true, 30_000);
    const shown = await pressed(button);
    if (shown !== state[key] && !this.stuck.has(key)) await this.wrong(`before the click, the ${kind} button shows ${key}=${yesNo(shown)}, the reader's last intent is ${yesNo(state[key])}`);
    // The reader means what the button offers: the opposite of what it shows.
    const next = !shown;
    this.step(`${kind === 'bookmark' ? (next ? 'Bookmark' : 'unbookmark') : next ? 'Mark Complete' : 'un-complete'} ${this.current.path}`);
    const madeWhile = this.waitingFor();
    await button.click();
    state[key] = next;
    this.stuck.delete(key);
    await this.afterWrite();
    const now = await settle(() => pressed(button), next);
    if (now !== next) await this.wrong(`after the click, the ${kind} button still shows ${key}=${yesNo(now)}`);
    await this.expectMarked(button.locator('..'), `the ${kind} write`, madeWhile);
  }

  private async comment(): Promise<void> {
    const state = this.model(this.current);
    const text = `chaos seed ${this.seed} #${this.writes + 1} by ${this.username}: ${this.pick(WORDS)} and ${this.pick(WORDS)}`;
    this.step(`comment "${text}" on ${this.current.path}`);
    await main(this.page).getByLabel('Add a comment').fill(text);
    const madeWhile = this.waitingFor();
    await main(this.page).getByRole('button', { name: 'Post Comment', exact: true }).click();
    state.comments.push(text);
    await this.afterWrite();
    const shown = commentList(this.page).getByText(text, { exact: true });
    const count = await settle(() => shown.count(), 1);
    if (count !== 1) await this.wrong(`the comment "${text}" shows ${count} times just after posting`);
    await this.expectMarked(commentList(this.page).getByRole('listitem').filter({ hasText: text }), 'the comment', madeWhile);
  }

  private async write(): Promise<void> {
    const comments = this.model(this.current).comments.length;
    const r = this.rng();
    if (r < 0.36) await this.toggle('bookmark');
    else if (r < 0.72 || comments >= COMMENTS_PER_ITEM) await this.toggle('complete');
    else await this.comment();
  }

  // ── the journey ────────────────────────────────────────────────────────────────────────────

  async run(): Promise<void> {
    const started = Date.now();
    // The items' titles, to know each page has loaded.
    for (const ref of ITEM_REFS) {
      const answer = await fetch(`${this.server.url}/api/${ref.contentType === 'video' ? 'videos' : 'blog'}/${ref.id}`);
      if (!answer.ok) throw new Error(`GET ${ref.path}'s content: ${answer.status}`);
      this.items.push({ ...ref, title: ((await answer.json()) as { title: string }).title });
    }
    this.current = this.items[0]!;

    // A new reader signs up on the first item's page, through the dialog (remembered: the session
    // cookie lives in the profile); the service worker takes control; every item is opened once
    // online, so each opens later from the device.
    this.step('launch the browser, sign up, open every item once online');
    await this.launch();
    this.username = uniqueUsername('chaos');
    await this.goto(this.current.path);
    await signUpThroughDialog(this.page, this.username);
    this.userId = await this.page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id ?? 0);
    if (!this.userId) throw new Error('signed up, but no user is saved in the page');
    await waitForServiceWorker(this.page);
    for (const item of [...this.items.slice(1), this.items[0]!]) {
      await this.goto(item.path);
      await this.arrive(item, 'on the first visit');
      await main(this.page)
        .getByRole('heading', { name: /^Comments\s*\(\d+\+?\)$/ })
        .waitFor();
    }

    // Faults that happen in every run, at a write chosen by the seed.
    const browserRestartAt = this.int(8, WRITES - 10);
    const serverRestartAt = this.int(4, WRITES - 8);
    const killAt = this.int(6, WRITES - 6);
    let browserRestarted = false;
    let serverRestarted = false;
    let killed = false;

    while (this.writes < WRITES || !browserRestarted || !serverRestarted || !killed) {
      if (this.offline && this.offlineWritesLeft <= 0) {
        await this.setOffline(false);
        continue;
      }
      if (!this.server.isUp() && this.serverDownWritesLeft <= 0) {
        await this.serverUp();
        continue;
      }
      if (!browserRestarted && this.writes >= browserRestartAt) {
        browserRestarted = true;
        await this.restartBrowser();
        continue;
      }
      if (!serverRestarted && this.writes >= serverRestartAt && this.server.isUp()) {
        serverRestarted = true;
        await this.serverDown(this.rng() < 0.5 ? 'kill' : 'stop', 'between clicks');
        continue;
      }
      if (!killed && this.writes >= killAt && this.server.isUp() && !this.offline) {
        killed = true;
        this.stopAfterNextClick = 'kill';
        await this.write();
        continue;
      }
      const r = this.rng();
      if (r < 0.07 && !this.offline) await this.setOffline(true);
      else if (r < 0.14) await this.reload();
      else if (r < 0.16) await this.restartBrowser();
      else if (r < 0.19 && this.server.isUp()) await this.serverDown(this.rng() < 0.5 ? 'kill' : 'stop', 'between clicks');
      else if (r < 0.23 && this.server.isUp() && !this.offline) {
        this.stopAfterNextClick = this.rng() < 0.75 ? 'kill' : 'stop';
        await this.write();
      } else if (r < 0.42) {
        const others = this.items.filter((i) => i !== this.current);
        await this.navigate(this.pick(others));
      } else await this.write();
    }

    // Back to normal: the server up, the connection on; the sync centre's Sync now until nothing waits.
    // (Coming online may stop the server while the queue drains: up again after that.)
    if (this.offline) await this.setOffline(false);
    if (!this.server.isUp()) await this.serverUp();
    this.step('open /sync, Sync now until nothing is waiting');
    await this.goto('/sync');
    const syncNow = main(this.page).getByRole('button', { name: 'Sync now' });
    await syncNow.waitFor();
    const deadline = Date.now() + 120_000;
    let rows = await readStore<OutboxRow>(this.page, 'outbox');
    while (rows.some((r) => r.status === 'pending')) {
      if (Date.now() > deadline) throw new Error(`the outbox still has ${rows.filter((r) => r.status === 'pending').length} pending entries after 120 s of Sync now: ${JSON.stringify(rows)}`);
      // Disabled while a drain runs or when nothing waits: pressed when it can be, as a user would.
      if (await syncNow.isEnabled()) await syncNow.click({ timeout: 2000 }).catch(() => undefined);
      await sleep(1500);
      rows = await readStore<OutboxRow>(this.page, 'outbox');
    }
    const failed = rows.filter((r) => r.status === 'failed');
    for (const f of failed) console.log(`[chaos] seed=${this.seed} failed in the outbox: ${f.kind} ${JSON.stringify(f.body)}: ${f.lastStatus ?? ''} ${f.lastError ?? ''} (${f.attempts} attempts)`);

    // The server holds exactly the last intended state, every comment once.
    const get = async <T>(url: string): Promise<T> => {
      const answer = await this.context!.request.get(`${this.server.url}${url}`, { headers: { Accept: 'application/json' } });
      if (!answer.ok()) throw new Error(`GET ${url}: ${answer.status()}`);
      return (await answer.json()) as T;
    };
    const bookmarks = await get<{ contentType: string; contentId: number }[]>(`/api/users/${this.userId}/bookmarks`);
    let lost = 0;
    let duplicated = 0;
    /** Items whose bookmark or completion on the server is not the intended one, and comments never posted. */
    let storedWrong = 0;
    const serverWrong: string[] = [];
    const stored = (line: string) => {
      storedWrong += 1;
      serverWrong.push(line);
    };
    for (const item of this.items) {
      const want = this.model(item);
      const bookmarked = bookmarks.filter((b) => b.contentType === item.contentType && b.contentId === item.id).length;
      if (bookmarked > 1) stored(`${item.path}: ${bookmarked} bookmarks`);
      if (bookmarked > 0 !== want.bookmarked) stored(`${item.path}: the server has bookmarked=${yesNo(bookmarked > 0)}, intended ${yesNo(want.bookmarked)}`);
      const { completed } = await get<{ completed: boolean }>(`/api/progress/check?userId=${this.userId}&contentType=${item.contentType}&contentId=${item.id}`);
      if (completed !== want.completed) stored(`${item.path}: the server has completed=${yesNo(completed)}, intended ${yesNo(want.completed)}`);
      const texts: string[] = [];
      for (let before: number | undefined; ; ) {
        const page = await get<{ id: number; comment: string }[]>(`/api/comments?contentType=${item.contentType}&contentId=${item.id}&limit=100${before ? `&before=${before}` : ''}`);
        texts.push(...page.map((c) => c.comment));
        if (page.length < 100) break;
        before = page.at(-1)!.id;
      }
      for (const text of want.comments) {
        const n = texts.filter((t) => t === text).length;
        if (n === 0) {
          lost += 1;
          serverWrong.push(`${item.path}: the comment "${text}" is not on the server`);
        } else if (n > 1) {
          duplicated += 1;
          serverWrong.push(`${item.path}: the comment "${text}" is on the server ${n} times`);
        }
      }
      const strays = texts.filter((t) => t.startsWith(`chaos seed ${this.seed} `) && t.includes(` by ${this.username}:`) && !want.comments.includes(t));
      for (const t of strays) stored(`${item.path}: the server has a comment never posted here: "${t}"`);
    }
    for (const line of serverWrong) console.log(`[chaos] seed=${this.seed} server: ${line}`);

    // The UI shows the same: each item's page, loaded afresh.
    this.step('check every item’s page against the intended state');
    for (const item of this.items) {
      await this.goto(item.path);
      await this.arrive(item, 'at the end, on a fresh load');
      const want = this.model(item);
      const list = commentList(this.page);
      if (want.comments.length) await list.getByText(want.comments.at(-1)!, { exact: true }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
      for (let more = 0; more < 10 && (await main(this.page).getByRole('button', { name: 'Show older comments' }).count()) > 0; more += 1) {
        await main(this.page).getByRole('button', { name: 'Show older comments' }).click();
        await sleep(500);
      }
      for (const text of want.comments) {
        const n = await list.getByText(text, { exact: true }).count();
        if (n !== 1) await this.wrong(`at the end, the comment "${text}" shows ${n} times`);
      }
    }

    const figures: Figures = {
      seed: this.seed,
      writes: this.writes,
      lost,
      duplicated,
      wrong: this.wrongs.length + storedWrong,
      flashes: this.flashes.length,
      serverErrors: this.serverErrors.length,
      failedInOutbox: failed.length,
    };
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const f = this.faults;
    const line =
      `[chaos] seed=${figures.seed} writes=${figures.writes} lost=${figures.lost} duplicated=${figures.duplicated} wrong=${figures.wrong} flashes=${figures.flashes} ` +
      `serverErrors=${figures.serverErrors} failedInOutbox=${figures.failedInOutbox} · offlineWindows=${f.offlineWindows} reloads=${f.reloads} ` +
      `navigations=${f.navigations} browserRestarts=${f.browserRestarts} serverRestarts=${f.serverRestarts} stopsAfterClick=${f.stopsAfterClick} stopsWhileDraining=${f.stopsWhileDraining} pageErrors=${this.pageErrors.length} ${seconds}s`;
    console.log(line);

    const problems = [
      ...serverWrong.map((l) => `server: ${l}`),
      ...this.wrongs.map((l) => `shown: ${l}`),
      ...(!ALLOW_FLASHES ? this.flashes.map((l) => `shown for a moment: ${l}`) : []),
      ...this.serverErrors.map((l) => `5xx: ${l}`),
      ...failed.map((r) => `failed in the outbox: ${r.kind} ${JSON.stringify(r.body)}: ${r.lastStatus ?? ''} ${r.lastError ?? ''}`),
      ...this.pageErrors.map((l) => `page error: ${l}`),
    ];
    expect(problems, `${line}\n${problems.join('\n')}`).toEqual([]);
    expect(browserRestarted && serverRestarted && killed && f.browserRestarts >= 1 && f.serverRestarts >= 1).toBe(true);
  }
}

/** CHAOS_TRACE: every change of what the bookmark and complete buttons show, however brief, goes to the trace. */
async function traceButtons(context: BrowserContext): Promise<void> {
  await context.exposeFunction('__chaosTrace', (line: string) => traceLine(`[page] ${line}`));
  await context.addInitScript(() => {
    const report = (window as unknown as { __chaosTrace: (line: string) => void }).__chaosTrace;
    let last = '';
    const read = () => {
      const buttons = [...document.querySelectorAll('main button[aria-pressed]')] as HTMLButtonElement[];
      const now = buttons.map((b) => `${b.textContent?.trim()}=${b.getAttribute('aria-pressed')}${b.disabled ? '(disabled)' : ''}`).join(' ');
      if (now !== last) void report(`${location.pathname} ${now || 'no buttons'}`);
      last = now;
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
