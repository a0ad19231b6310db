import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path and query, e.g. '/api/auth/login'. */
  path: string;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Answer = Response | Error;

/** A JSON response, as the API sends them. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What fetch rejects with when there is no network. */
export const offline = () => new TypeError('Failed to fetch');

/**
 * Replaces fetch for one test: `answer` gets each request and returns a Response, or an Error
 * to reject with (a network failure). Returns the list of requests made, in order.
 */
export function mockFetch(answer: (request: MockRequest) => Answer | Promise<Answer>): MockRequest[] {
  const requests: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const text = typeof init.body === 'string' ? init.body : undefined;
      const request: MockRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname + url.search,
        headers: new Headers(init.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        credentials: init.credentials,
      };
      requests.push(request);
      const result = await answer(request);
      if (result instanceof Error) throw result;
      return result;
    }),
  );
  return requests;
}

/** The default fetch in tests: records the request (the test then fails) and rejects. */
export function unexpectedFetch(log: string[]) {
  return vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    log.push(`${init.method ?? 'GET'} ${url}`);
    return Promise.reject(new TypeError(`Unexpected fetch in a test: ${url}`));
  });
}
