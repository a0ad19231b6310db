// `npm test`: lint, typecheck, unit tests, the PWA's component tests, the API suite on SQLite and
// (when TEST_DATABASE_URL points at a PostgreSQL server) on PostgreSQL, then a fresh `vite build`
// and the browser journeys against it. Stops at the first red step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  vitestJson?: string;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-test-run-'));
const vitest = (name: string, args: string[], env?: Record<string, string>): Step => {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return { name, cmd: ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env, vitestJson: out };
};

const steps: Step[] = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  vitest('unit', ['--project', 'unit', '--passWithNoTests']),
  vitest('pwa', ['--project', 'pwa']),
  vitest('api (SQLite)', ['--project', 'api'], { TEST_DB: 'sqlite' }),
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(vitest('api (PostgreSQL)', ['--project', 'api'], { TEST_DB: 'pg' }));
} else {
  console.log('[test] TEST_DATABASE_URL is not set: the API suite runs on SQLite only (eval "$(bash scripts/throwaway-postgres.sh)" to add PostgreSQL)');
}
if (fs.existsSync('e2e') && fs.readdirSync('e2e').some((f) => f.endsWith('.e2e.ts'))) {
  // The journeys run against what this build produces (their global setup serves dist/).
  steps.push({ name: 'build (app and server renderer)', cmd: [process.execPath, '--import', 'tsx', 'scripts/build.ts'] });
  steps.push(vitest('browser e2e', ['--project', 'e2e']));
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** Each failed test's file, name and first line of its error: the last lines a truncated CI log keeps. */
function failures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const firstLine = (test.failureMessages[0] ?? '').split('\n')[0]!.slice(0, 300);
        return `  ✗ ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n      ${firstLine}`;
      }),
  );
}

let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n[test] ── ${step.name} ──`);
  const started = Date.now();
  const result = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.vitestJson && fs.existsSync(step.vitestJson)) {
    const report = JSON.parse(fs.readFileSync(step.vitestJson, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    const failedTests = failures(report);
    if (failedTests.length) console.error(`[test] failed in ${step.name}:\n${failedTests.join('\n')}`);
  }
  if (result.status !== 0) {
    console.error(`[test] ${step.name} failed after ${seconds}s`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`[test] ${step.name} passed in ${seconds}s`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
