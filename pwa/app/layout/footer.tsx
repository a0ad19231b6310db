import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { FOOTER_LINKS } from './nav-items';

export function Footer() {
  return (
    <footer className="render-when-near border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr]">
        <div className="max-w-md">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed text-base-content/80">
            Teaching videos, articles and a daily devotional for defending the faith and reading scripture in context. Where truth is vital and where love is necessary.
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide uppercase">
            Quick Links
          </h2>
          {/* On a phone each link is a 48 px row, a finger's width apart from the next (Lighthouse's
              tap-target audit); with a pointer they sit closer. */}
          <ul className="mt-1 flex flex-col text-sm sm:mt-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link link-hover inline-block py-3.5 text-base-content/80 sm:py-1">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-base-300">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-base-content/75">© 2025 context is key. All rights reserved.</p>
      </div>
    </footer>
  );
}
