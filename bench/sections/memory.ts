// Peak memory of the app server process: VmHWM from /proc/<pid>/status, read by the other
// sections just before they stop their server (so it covers start-up, seeding and the load).
import type { BenchContext, BenchSection } from '../lib/context';
import { mb, table } from '../lib/format';

async function run(ctx: BenchContext): Promise<void> {
  if (!ctx.peakRss.size) {
    console.log('  no figures: run the api-throughput or search section first');
    return;
  }
  const rows = [...ctx.peakRss].map(([run, bytes]) => [run, mb(bytes)]);
  console.log(table(['app server run', 'peak RSS (VmHWM)'], rows));
  for (const [run, bytes] of ctx.peakRss) ctx.summary.push({ section: 'memory', label: `peak RSS, ${run}`, value: mb(bytes) });
}

export const memory: BenchSection = { name: 'memory', title: 'Peak memory of the app server', run };
