import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { SHARE_CARD_HEIGHT as HEIGHT, SHARE_CARD_WIDTH as WIDTH } from '#contract/share-card';

// How a share card is drawn: a tree of boxes laid out by satori into an SVG (text as paths, in
// fonts shipped as npm packages, never the machine's own), turned into a PNG by resvg. Only
// this file knows satori and resvg; the service decides what is drawn and keeps the result.

/** What one card shows: all of it plain text, and a picture already read. */
export interface CardDrawing {
  title: string;
  /** The category's label ('Bible Study'). */
  category: string;
  /** 'Article' or 'Video': said beside the category. */
  kind: string;
  /** The item's picture as a data: URL (PNG, JPEG, WebP or GIF), or null to draw the card without one. */
  picture: string | null;
}

// The site's colours (pwa/styles.css): the logo's blue and gold, and the light theme's text.
const BRAND = '#2b3f99';
const BRAND_DARK = '#1c2a6b';
const GOLD = '#f3c15a';
const GOLD_TEXT = 'oklch(26% 0.05 60)';
const SOFT_WHITE = 'oklch(93% 0.01 265)';
export const SITE_NAME = 'context is key';

/** The logo (pwa/public/favicon.svg): a key in gold on the brand's blue. */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2b3f99"/><g fill="none" stroke="#f3c15a" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"><circle cx="11" cy="16" r="4.5"/><path d="M15.5 16H25M21.5 16v3.5M25 16v2.5"/></g></svg>',
).toString('base64')}`;

// The display face stands in for the site's serif headings (Georgia and the like, which a server
// may not have); the sans for its interface text. Latin and Greek, and Cyrillic while at it: an
// apologetics title may quote a Greek word, and polytonic Greek only the sans face has. satori
// keeps one font per name and weight, so each subset is a family of its own, and a style names
// them all in order: a glyph one lacks comes from the next. woff, not woff2, which satori cannot read.
const FACES = [
  { name: 'Source Serif 4', pkg: '@fontsource/source-serif-4', file: 'source-serif-4', weight: 700, subsets: ['latin', 'latin-ext', 'greek', 'cyrillic'] },
  { name: 'Inter', pkg: '@fontsource/inter', file: 'inter', weight: 600, subsets: ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic'] },
] as const;
const familiesOf = (face: (typeof FACES)[number]) => face.subsets.map((subset) => `${face.name} ${subset}`);
const SANS = familiesOf(FACES[1]).join(', ');
const SERIF = `${familiesOf(FACES[0]).join(', ')}, ${SANS}`;

const require = createRequire(import.meta.url);
let fonts: Promise<Font[]> | null = null;

/** Read once per process, on the first card. */
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FACES.flatMap(({ name, pkg, file, weight, subsets }) =>
      subsets.map(async (subset): Promise<Font> => {
        const data = await readFile(require.resolve(`${pkg}/files/${file}-${subset}-${weight}-normal.woff`));
        return { name: `${name} ${subset}`, data, weight, style: 'normal' };
      }),
    ),
  ).catch((err: unknown) => {
    fonts = null;
    throw err;
  });
  return fonts;
}

/** The title's height: what the category row and the site's name leave of the card. */
const TITLE_BOX = 310;
const LINE_HEIGHT = 1.15;

/** Smaller type for longer titles, so most fit whole; whatever does not is cut with an ellipsis. */
function titleType(title: string, withPicture: boolean): { size: number; lines: number } {
  const n = [...title].length;
  const size = withPicture ? (n <= 36 ? 60 : n <= 70 ? 52 : 46) : n <= 40 ? 76 : n <= 80 ? 64 : 56;
  return { size, lines: Math.min(5, Math.floor(TITLE_BOX / (size * LINE_HEIGHT))) };
}

function Card({ title, category, kind, picture }: CardDrawing) {
  const { size, lines } = titleType(title, picture !== null);
  return (
    <div
      style={{
        width: WIDTH,
        height: HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        backgroundImage: `linear-gradient(135deg, ${BRAND_DARK} 0%, ${BRAND} 100%)`,
        color: 'white',
        fontFamily: SANS,
        gap: 24,
        paddingTop: 64,
        paddingRight: 72,
        paddingBottom: 56,
        paddingLeft: 72,
      }}
    >
      <div style={{ display: 'flex', flex: 1, gap: 56, minHeight: 0 }}>
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 32 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
            <div style={{ display: 'flex', backgroundColor: GOLD, color: GOLD_TEXT, fontSize: 26, fontWeight: 600, padding: '8px 22px', borderRadius: 999 }}>{category}</div>
            <div style={{ display: 'flex', color: SOFT_WHITE, fontSize: 26, fontWeight: 600, letterSpacing: 2, textTransform: 'uppercase' }}>{kind}</div>
          </div>
          <div
            style={{
              display: 'block',
              fontFamily: SERIF,
              fontWeight: 700,
              fontSize: size,
              lineHeight: LINE_HEIGHT,
              lineClamp: lines,
              textOverflow: 'ellipsis',
              overflow: 'hidden',
            }}
          >
            {title}
          </div>
        </div>
        {picture ? (
          <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
            <img
              src={picture}
              width={480}
              height={270}
              style={{ width: 480, height: 270, objectFit: 'cover', borderRadius: 20, border: `4px solid ${GOLD}` }}
            />
          </div>
        ) : null}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20, borderTop: '2px solid rgba(255, 255, 255, 0.25)', paddingTop: 28 }}>
        <img src={LOGO} width={60} height={60} style={{ borderRadius: 14, border: `2px solid ${GOLD}` }} />
        <div style={{ display: 'flex', fontSize: 34, fontWeight: 600 }}>{SITE_NAME}</div>
      </div>
    </div>
  );
}

/** The card as PNG bytes. The rasterising runs on libuv's thread pool, off the event loop. */
export async function drawCard(drawing: CardDrawing): Promise<Buffer> {
  const svg = await satori(<Card {...drawing} />, { width: WIDTH, height: HEIGHT, fonts: await loadFonts() });
  // Text is already paths: resvg needs no fonts, and looking for the system's would only cost time.
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
