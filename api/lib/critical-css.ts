import { compileSheet, type CompiledSheet } from 'beasties/compiler';
import { collectPrograms, renderCriticalCss, scanHtml, type RuntimeOptions } from 'beasties/runtime';

/** One of the build's stylesheets: its address and its text. */
export interface BuildStylesheet {
  href: string;
  css: string;
}

/** What a page needs of the build's stylesheets to paint: their rules it uses, and the files they come from. */
export interface CriticalCss {
  css: string;
  /** The stylesheets whose rules `css` holds, in the build's order: the page loads these whole after its first paint. */
  hrefs: string[];
}

/**
 * Selectors beasties cannot judge, kept whole. It matches a selector against the document once
 * its pseudo-classes are stripped, and a selector that is nothing else (`:where(:root)`,
 * `:root:not([data-theme])`, `:is(:root:has(…),[data-theme=cik-dark])`: the themes' colours;
 * `::placeholder`, `:where(.divide-y>:not(:last-child))`) comes out empty and was dropped: the
 * page painted without its colours. Each begins with a colon; with them, a page's CSS is ~1.5 kB
 * gzip larger than without.
 */
const UNJUDGED = /^:/;

const RENDER: RuntimeOptions = {
  // The faces the critical rules name: a text painted in a fallback font would change when the
  // whole stylesheet comes.
  inlineFonts: true,
  preloadFonts: false,
  // Every @keyframes (~0.4 kB of the app's stylesheet): beasties keeps those a critical rule names,
  // and Tailwind names its animations through a variable (`animation: var(--animate-spin)`), so
  // a spinner on the page stood still until the whole stylesheet came.
  keyframes: 'all',
};

/**
 * The rules of the build's stylesheets that an HTML document uses (its critical CSS), by beasties'
 * compiler and runtime: the sheets are compiled once (~100 ms for the app's 114 kB), then each
 * page costs one pass over its HTML (~1 ms for a post), with no DOM and no CSS parsing. A rule
 * counts when its selector matches an element anywhere in the document, not only on the first
 * screen: the server does no layout, and a reader who scrolls before the rest has come sees no
 * unstyled part. The <html> element's attributes count (the reader's theme and text size).
 *
 * A stylesheet beasties cannot compile is given whole, so a page is never left without styles.
 */
export function criticalCssOf(stylesheets: BuildStylesheet[]): (html: string) => CriticalCss {
  const sheets = stylesheets.map((sheet) => ({ href: sheet.href, compiled: compiled(sheet) }));
  const programs = collectPrograms(sheets.flatMap((sheet) => (sheet.compiled ? [sheet.compiled] : [])));
  return (html) => {
    try {
      const tokens = scanHtml(html, programs);
      const parts: string[] = [];
      const hrefs: string[] = [];
      for (const [index, sheet] of sheets.entries()) {
        const css = sheet.compiled ? renderCriticalCss(sheet.compiled, tokens, RENDER).css : stylesheets[index]!.css;
        if (!css) continue;
        parts.push(css);
        hrefs.push(sheet.href);
      }
      return { css: parts.join(''), hrefs };
    } catch (err) {
      // The page is still sent, styled: with every sheet whole, as before critical CSS.
      console.error('[critical-css] a page could not be scanned; it carries the stylesheets whole', err);
      return { css: stylesheets.map((sheet) => sheet.css).join(''), hrefs: stylesheets.map((sheet) => sheet.href) };
    }
  };
}

function compiled({ href, css }: BuildStylesheet): CompiledSheet | null {
  try {
    const sheet = compileSheet(css, { href, allowRules: [UNJUDGED] });
    // An at-rule with a block of declarations (`@property --tw-shadow{…}`) comes out of the
    // compiler with a `;` after its block, which begins the next rule's prelude for a browser:
    // every other @property (Tailwind's initial values) and the theme after them were dropped.
    for (const rule of sheet.rules) if (rule.always && rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
    // A selector it could not parse is left out of every page's critical CSS: said once per build.
    if (sheet.warnings.length) console.warn(`[critical-css] ${href}: ${sheet.warnings.join('; ')}`);
    return sheet;
  } catch (err) {
    console.error(`[critical-css] ${href} could not be compiled; rendered pages carry it whole`, err);
    return null;
  }
}
