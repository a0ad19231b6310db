import { Link } from 'react-router-dom';
import { usePageHead } from '#pwa/lib/use-document-title';

export function Component() {
  usePageHead({ title: 'Page Not Found', notFound: true });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
      <p className="text-base-content/80">Did you forget to add the page to the router?</p>
      <Link to="/" className="btn btn-primary">
        Go home
      </Link>
    </section>
  );
}
