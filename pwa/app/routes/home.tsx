import { useId, type ReactNode } from 'react';
import { BellRing, BookOpen, ExternalLink, PlayCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
// By path, not through the features' index files: those would pull the blog's Markdown renderer
// and the video library into the home page's chunk.
import { FeaturedArticle } from '#pwa/features/blog/components/featured-article';
import { DevotionalWidget } from '#pwa/features/devotional';
import { NewsletterForm } from '#pwa/features/newsletter';
import { FeaturedVideo } from '#pwa/features/videos/components/featured-video';
import { PopularVideos } from '#pwa/features/videos/components/popular-videos';
import { SearchInput } from '#pwa/components/ui/search-input';
import { SITE_DESCRIPTION, SITE_NAME, usePageHead, type PageHead } from '#pwa/lib/use-document-title';
import { useSearchForm } from '#pwa/lib/use-search-form';
import { ContinueWhereYouLeftOff } from '../deferred/continue-slot';

const SUBSCRIBE_URL = 'https://www.youtube.com/@contextiskey?sub_confirmation=1';

/**
 * Home (docs/product.md#home), top to bottom: hero, 'Continue where you left off' (the reader's own,
 * after hydration), devotional, search, popular videos, featured video and article, tiles, newsletter.
 */

/** The site, and how to search it, for search engines (a sitelinks search box). */
const HOME_HEAD: PageHead = {
  description: SITE_DESCRIPTION,
  jsonLd: (siteUrl) => ({
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${siteUrl}/`,
    potentialAction: { '@type': 'SearchAction', target: `${siteUrl}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
  }),
};

export function Component() {
  usePageHead(HOME_HEAD);
  return (
    <>
      <Hero />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 pt-4 pb-10 sm:gap-16 sm:pt-6 sm:pb-14">
        <ContinueWhereYouLeftOff />
        <DevotionalWidget />
        <HomeSearch />
        <PopularVideos />
        <div className="grid gap-6 lg:grid-cols-2">
          <FeaturedVideo />
          <FeaturedArticle />
        </div>
        <Tiles />
        <NewsletterForm />
      </div>
    </>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-base-200 to-base-100">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-14 pb-10 text-center sm:pt-24 sm:pb-16">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">Teaching · Apologetics · Scripture</p>
        <h1 className="mt-3 font-display text-4xl font-bold tracking-tight sm:text-6xl">context is key</h1>
        <p className="mt-4 max-w-2xl text-lg text-base-content/80 sm:text-xl">Where truth is vital and where love is necessary</p>
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link to="/videos" className="btn btn-primary btn-lg">
            <PlayCircle aria-hidden="true" className="size-5" /> Watch Videos
          </Link>
          <Link to="/blog" className="btn btn-outline btn-lg">
            <BookOpen aria-hidden="true" className="size-5" /> Read Articles
          </Link>
        </div>
      </div>
    </section>
  );
}

/** 'Search Our Content': a non-blank trimmed query goes to /search?q={query}; a blank one does nothing. */
function HomeSearch() {
  const { text, setText, submit } = useSearchForm();
  const id = useId();

  return (
    <section aria-labelledby={`${id}-heading`} className="render-when-near flex flex-col items-center text-center">
      <h2 id={`${id}-heading`} className="font-display text-2xl font-bold sm:text-3xl">
        Search Our Content
      </h2>
      <form role="search" aria-labelledby={`${id}-heading`} onSubmit={submit} className="mt-5 flex w-full max-w-2xl flex-col gap-3 sm:flex-row">
        <SearchInput
          name="q"
          size="lg"
          aria-label="Search videos, articles, and topics"
          placeholder="Search videos, articles, and topics..."
          value={text}
          onValueChange={setText}
        />
        <button type="submit" className="btn btn-primary btn-lg">
          Search
        </button>
      </form>
    </section>
  );
}

function Tiles() {
  return (
    <section aria-labelledby="explore-heading" className="render-when-near">
      <h2 id="explore-heading" className="sr-only">
        Explore
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        <li>
          <Tile to="/videos" icon={<PlayCircle aria-hidden="true" className="size-7" />} title="All Videos" text="Teaching and apologetics videos, full-length and shorts." />
        </li>
        <li>
          <Tile to="/blog" icon={<BookOpen aria-hidden="true" className="size-7" />} title="All Articles" text="In-depth articles on scripture, theology and history." />
        </li>
        <li>
          <a
            href={SUBSCRIBE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <TileBody
              icon={<BellRing aria-hidden="true" className="size-7" />}
              title={
                <>
                  Subscribe <ExternalLink aria-hidden="true" className="inline size-4 align-baseline opacity-70" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </>
              }
              text="Never miss a new video on our channel."
            />
          </a>
        </li>
      </ul>
    </section>
  );
}

function Tile({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link
      to={to}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <TileBody icon={icon} title={title} text={text} />
    </Link>
  );
}

function TileBody({ icon, title, text }: { icon: ReactNode; title: ReactNode; text: string }) {
  return (
    <div className="card-body flex-row items-start gap-4 p-5 sm:flex-col">
      <span className="grid size-12 shrink-0 place-items-center rounded-box bg-primary/10 text-primary">{icon}</span>
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="text-sm text-base-content/75">{text}</p>
      </div>
    </div>
  );
}
