// Deterministic synthetic content for the search benchmark: the same seed gives the same rows
// and the same queries on every run, so figures from different runs compare.
import { categories } from '#contract/common';
import { prng } from '#e2e/support/prng';
import { contentVocabulary, FUNCTION_WORDS, rareVocabulary } from './vocabulary';

/** Draws words with Zipf-Mandelbrot frequencies: rank r (from 1) has weight 1/(r+offset)^exponent. */
class ZipfSampler {
  private readonly cdf: Float64Array;
  constructor(
    readonly words: readonly string[],
    exponent: number,
    offset = 0,
  ) {
    this.cdf = new Float64Array(words.length);
    let sum = 0;
    for (let i = 0; i < words.length; i++) {
      sum += 1 / Math.pow(i + 1 + offset, exponent);
      this.cdf[i] = sum;
    }
    for (let i = 0; i < words.length; i++) this.cdf[i]! /= sum;
  }
  pick(rand: () => number): string {
    const x = rand();
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo]!;
  }
}

// Calibration (a few thousand words, ~140 content words per post): "god" is in ~75% of posts,
// "resurrection" in ~55%, the 100th word in ~20%, the 1000th in ~3%, the last in ~1%; rare words
// (0.2% of content words) in 0.03-5%. Half of all words are function words ("the", "of"…).
const CONTENT = contentVocabulary();
const RARE = rareVocabulary();
const contentWords = new ZipfSampler(CONTENT, 1, 20);
const rareWords = new ZipfSampler(RARE, 1);
const functionWords = new ZipfSampler(FUNCTION_WORDS, 0.9);
const FUNCTION_SHARE = 0.5;
const RARE_SHARE = 0.002;

const int = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function words(rand: () => number, n: number, functionShare: number): string[] {
  const out: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = rand();
    out[i] = r < functionShare ? functionWords.pick(rand) : r < functionShare + RARE_SHARE ? rareWords.pick(rand) : contentWords.pick(rand);
  }
  return [...new Set(out)];
}

function sentence(rand: () => number, n: number): string {
  const w = words(rand, n, FUNCTION_SHARE);
  w[0] = capitalize(w[0]!);
  if (n > 10 && rand() < 0.3) w[int(rand, 3, n - 4)] += ',';
  return `${w.join(' ')}${rand() < 0.08 ? '?' : '.'}`;
}

/** Prose of about `target` words in sentences of 6-22 words. */
function prose(rand: () => number, target: number): string[] {
  const sentences: string[] = [];
  let count = 0;
  while (count < target) {
    const n = Math.min(int(rand, 6, 22), Math.max(3, target - count));
    sentences.push(sentence(rand, n));
    count += n;
  }
  return sentences;
}

function title(rand: () => number): string {
  const n = int(rand, 4, 10);
  return words(rand, n, 0.3)
    .map((w, i) => (i === 0 || w.length > 3 ? capitalize(w) : w))
    .join(' ');
}

/** A Markdown body of ~150-400 words: paragraphs, sometimes a heading, a list or a quotation. */
function markdownBody(rand: () => number): string {
  const sentences = prose(rand, int(rand, 150, 400));
  const blocks: string[] = [];
  let i = 0;
  while (i < sentences.length) {
    const take = int(rand, 2, 5);
    const r = rand();
    if (r < 0.12 && blocks.length > 0) blocks.push(`## ${title(rand)}`);
    else if (r < 0.2) blocks.push(`> ${sentences[i++]!}`);
    else if (r < 0.28)
      blocks.push(
        sentences
          .slice(i, (i += 3))
          .map((s) => `- ${s}`)
          .join('\n'),
      );
    blocks.push(sentences.slice(i, (i += take)).join(' '));
  }
  return blocks.filter(Boolean).join('\n\n');
}

const BASE_TIME = Date.parse('2026-01-01T00:00:00Z');
const isoDaysAgo = (rand: () => number) => new Date(BASE_TIME - Math.floor(rand() * 6 * 365 * 86_400_000)).toISOString();
const YT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface BlogPostInsert {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  read_time: number;
  views: number;
  published_at: string;
  thumbnail_url: null;
  featured: boolean;
  is_external: boolean;
  substack_url: string | null;
  author_id: null;
}

export interface VideoInsert {
  title: string;
  description: string;
  category: string;
  duration: string;
  views: number;
  published_at: string;
  youtube_id: string;
  is_short: boolean;
  featured: boolean;
}

/** Blog post number `i` of the corpus (the same for the same index). */
export function blogPost(rand: () => number, i: number): BlogPostInsert {
  const content = markdownBody(rand);
  const wordCount = content.split(/\s+/).length;
  const external = rand() < 0.05;
  return {
    title: title(rand),
    content,
    excerpt: prose(rand, int(rand, 20, 45)).join(' '),
    category: categories[int(rand, 0, categories.length - 1)]!,
    read_time: Math.max(1, Math.round(wordCount / 200)),
    views: Math.floor(Math.pow(rand(), 3) * 50_000),
    published_at: isoDaysAgo(rand),
    thumbnail_url: null,
    featured: rand() < 0.01,
    is_external: external,
    substack_url: external ? `https://example.substack.com/p/post-${i}` : null,
    author_id: null,
  };
}

export function video(rand: () => number): VideoInsert {
  const short = rand() < 0.15;
  const seconds = short ? int(rand, 15, 59) : int(rand, 180, 5400);
  const duration =
    seconds >= 3600
      ? `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
      : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  let youtubeId = '';
  for (let k = 0; k < 11; k++) youtubeId += YT[int(rand, 0, YT.length - 1)];
  return {
    title: title(rand),
    description: prose(rand, int(rand, 30, 120)).join(' '),
    category: categories[int(rand, 0, categories.length - 1)]!,
    duration,
    views: Math.floor(Math.pow(rand(), 3) * 200_000),
    published_at: isoDaysAgo(rand),
    youtube_id: youtubeId,
    is_short: short,
    featured: rand() < 0.01,
  };
}

/**
 * ~200 fixed search queries: common and rare single words, prefixes of the kind a user types while
 * searching ("resur"), two-word queries, capitalised and misspelt input, and a few with no match.
 */
export function searchQueries(): string[] {
  const fixed = [
    'gospel', 'grace', 'resurrection', 'covenant', 'apologetics', 'god', 'jesus', 'faith', 'trinity', 'atonement',
    'resur', 'cov', 'apolog', 'theo', 'sanct', 'grac', 'gosp', 'escha', 'just', 'christ',
    'resurrection evidence', 'covenant grace', 'gospel truth', 'problem evil', 'historical jesus', 'faith reason',
    'church history', 'bible study', 'christian living', 'holy spirit', 'Augustine', 'Luther Calvin', 'Nicaea', 'perichoresis', 'homoousios nicaea', 'melchizedek',
    'GRACE', 'Resurrection', 'gospel of john', 'grace alone', 'sola', 'xylophone', 'qwertyuiop', 'zzz',
    'the', 'lamb of god', 'kingdom heaven', 'sin forgiveness', 'prayer fasting',
  ];
  const rand = prng(20260101);
  const out = [...fixed];
  const n = CONTENT.length;
  const pickRank = (lo: number, hi: number) => CONTENT[int(rand, lo, Math.min(hi, n - 1))]!;
  // Common words (top 100), middling (100-1000), rare (tail), prefixes, and pairs of each kind.
  for (let i = 0; i < 30; i++) out.push(pickRank(0, 99));
  for (let i = 0; i < 30; i++) out.push(pickRank(100, 999));
  for (let i = 0; i < 20; i++) out.push(pickRank(1800, n - 1));
  for (let i = 0; i < 15; i++) out.push(RARE[int(rand, 0, RARE.length - 1)]!);
  for (let i = 0; i < 25; i++) {
    const w = pickRank(0, 1500);
    out.push(w.length > 5 ? w.slice(0, int(rand, 3, w.length - 2)) : w.slice(0, 3));
  }
  for (let i = 0; i < 20; i++) out.push(`${pickRank(0, 99)} ${pickRank(0, 99)}`);
  for (let i = 0; i < 10; i++) out.push(`${pickRank(0, 199)} ${pickRank(800, n - 1)}`);
  for (let i = 0; i < 5; i++) out.push(`${pickRank(1000, n - 1)} ${pickRank(1000, n - 1)}`);
  for (let i = 0; i < 5; i++) out.push(`${pickRank(0, 299)} ${RARE[int(rand, 0, RARE.length - 1)]!}`);
  return [...new Set(out)];
}
