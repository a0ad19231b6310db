import lighthouse, { type Result } from 'lighthouse';

/** Runs after a first failure of Lighthouse's own (not the page's). */
const RETRIES = 2;

/**
 * Lighthouse 11, mobile preset, on `url` in the debug chromium listening on `port`: the result of
 * the first run without a runtime error. Lighthouse sometimes fails with one of its own
 * (NO_NAVSTART once failed a clean clone's `npm test` here), so such a run is tried again, up to
 * twice (`retries`), before this throws.
 */
export async function runLighthouse(url: string, port: number, categories: string[], { retries = RETRIES } = {}): Promise<Result> {
  let problem = '';
  for (let attempt = 1; attempt <= 1 + retries; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories, formFactor: 'mobile' });
    if (!result) problem = 'no result';
    else if (result.lhr.runtimeError) problem = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    else return result.lhr;
    console.log(`[lighthouse] ${url}, attempt ${attempt}: ${problem}`);
  }
  throw new Error(`Lighthouse on ${url}: ${problem}`);
}
