import { BookOpen, PlayCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (home): the devotional widget, search, popular and featured content, tiles and newsletter come here.
export function Component() {
  useDocumentTitle();
  return (
    <section className="bg-gradient-to-b from-base-200 to-base-100">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:py-24">
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
