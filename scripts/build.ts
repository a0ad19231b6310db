// `npm run build`: the app (vite build into dist/), then its server renderer (vite build --ssr
// into dist/.server/, see vite.config.ts). `--outDir DIR` builds both into DIR instead (the e2e
// journeys' private builds); `--logLevel` is passed on.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outDir: { type: 'string' }, logLevel: { type: 'string', default: 'warn' } } });
const common = ['--logLevel', values.logLevel!];
const client = ['vite', 'build', ...common, ...(values.outDir ? ['--outDir', values.outDir, '--emptyOutDir'] : [])];
const server = ['vite', 'build', '--ssr', 'entry-server.tsx', ...common];
const env = { ...process.env, ...(values.outDir ? { SSR_OUT_DIR: path.resolve(values.outDir, '.server') } : {}) };

for (const cmd of [client, server]) {
  const result = spawnSync('npx', cmd, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`[build] ${cmd.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}
