// Sanitising a post body (docs/product.md#input-rules): the Markdown sanitiser on bodies of the maximum size the API
// accepts, built to make a tag stripper slow (tests/support/hostile-markup.ts). In process, no
// server. Prints the median of 5 runs per body and the worst of them; aim: well under 100 ms.
import { sanitizeMarkdown } from '#api/modules/blog/blog.markdown';
import { HOSTILE_MARKUP } from '#tests/support/hostile-markup';
import type { BenchContext, BenchSection } from '../lib/context';
import { ms, percentile, table } from '../lib/format';

async function run(ctx: BenchContext): Promise<void> {
  const runs = ctx.quick ? 1 : 5;
  const rows: [string, number][] = [];
  for (const [label, body] of HOSTILE_MARKUP) {
    sanitizeMarkdown(body); // warm-up: regex compilation and JIT
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      sanitizeMarkdown(body);
      times.push(performance.now() - started);
    }
    rows.push([label, percentile(times.sort((a, b) => a - b), 50)]);
  }
  console.log(table(['body (maximum size)', 'median'], rows.map(([label, t]) => [label, ms(t)])));
  const [worstLabel, worst] = rows.reduce((a, b) => (b[1] > a[1] ? b : a));
  ctx.summary.push({
    section: 'sanitize',
    label: 'worst-case post body sanitising',
    value: `${ms(worst)} (${worstLabel})`,
    verdict: worst < 100 ? 'aim < 100 ms met' : 'above 100 ms',
  });
}

export const sanitize: BenchSection = { name: 'sanitize', title: 'Sanitising hostile post bodies of the maximum size', run };
