// What the editor's desk journeys (e2e/desk.e2e.ts) share: signing in through the API, calling
// the API from a page, and axe's accessibility check of the page on screen.
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './app';

/** axe-core's browser build, injected into the page under test. */
export const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Signs `username` in (or up, when no such user exists yet) in `context` through the API, and
 * saves the user as a remembered sign-in does; the context's next app page opens signed in.
 * Done from /robots.txt: same origin, no app to start.
 */
export async function signInThroughApi(context: BrowserContext, username: string): Promise<{ id: number; username: string; name: string }> {
  const page = await context.newPage();
  await page.goto('/robots.txt');
  const user = await page.evaluate(
    async ({ username, password }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      let answer = await post('/api/auth/login', { username, password });
      if (answer.status === 401 || answer.status === 404) answer = await post('/api/auth/signup', { username, email: `${username}@example.com`, password });
      if (!answer.ok) throw new Error(`sign-in of ${username} failed: ${answer.status}`);
      const body = (await answer.json()) as { id: number; username: string; name: string };
      localStorage.setItem('user', JSON.stringify(body));
      return body;
    },
    { username, password: PASSWORD },
  );
  await page.close();
  return user;
}

/** Calls the API from `page` (its cookies, its origin); the JSON answer, or throws with the status. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: answer.status, text: await answer.text() };
    },
    { method, path, body },
  );
  if (status >= 400) throw new Error(`${method} ${path}: ${status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

/**
 * Runs axe on the page as it is and returns its serious and critical violations, one line per
 * element (rule, help, the element, what fails). Needs a context that bypasses the page's CSP
 * (`bypassCSP`), which would refuse the injected script.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `[${v.impact}] ${v.id}: ${v.help}\n    at ${JSON.stringify(node.target)} ${node.html.slice(0, 300)}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`));
}
