import { useEffect, useId, useState } from 'react';
import { Bookmark, CloudDownload, LogIn, LogOut, Menu, NotebookPen, User as UserIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import type { User } from '#contract/users';
import { Avatar } from '#pwa/components/ui/avatar';
import { Dialog } from '#pwa/components/ui/dialog';
import { ReadingSettings } from '#pwa/features/reading';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { NavLinkList } from './nav-link-list';
import { SearchForm } from './search-form';

/** Below 768 px: a slide-out sheet with the header's links, a search box and the account items. Closes on navigation and Escape. */
export function MobileMenu({ user, onLogout, loggingOut }: { user: User | null; onLogout: () => void; loggingOut: boolean }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const location = useLocation();
  const close = () => setOpen(false);

  useEffect(() => setOpen(false), [location.key]);

  return (
    <>
      <button type="button" className="btn btn-ghost btn-square md:hidden" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Dialog open={open} onClose={close} labelledBy={titleId} placement="end" closeLabel="Close menu" modal={false} boxClassName="flex w-80 max-w-[85vw] flex-col gap-5 p-5">
        <h2 id={titleId} className="font-display text-xl font-bold outline-none">
          Menu
        </h2>
        <SearchForm onSearch={close} />
        <nav aria-label="Main">
          <NavLinkList orientation="vertical" onNavigate={close} />
        </nav>
        {/* Notes and saved items stay on the device, signed in or not. */}
        <ul className="menu w-full p-0 text-base">
          <li>
            <Link to="/notes" onClick={close}>
              <NotebookPen aria-hidden="true" className="size-4" /> My Notes
            </Link>
          </li>
          <li>
            <Link to="/saved" onClick={close}>
              <CloudDownload aria-hidden="true" className="size-4" /> Saved for offline
            </Link>
          </li>
        </ul>
        {open ? <ReadingSettings className="border-t border-base-300 pt-4" /> : null}
        <div className="border-t border-base-300 pt-4">
          {user ? (
            <>
              <div className="mb-2 flex items-center gap-3 px-3">
                <Avatar name={user.name || user.username} src={user.avatarUrl} className="size-10" />
                <p className="truncate text-sm font-semibold">@{user.username}</p>
              </div>
              <ul className="menu w-full p-0 text-base">
                <li>
                  <Link to="/profile" onClick={close}>
                    <UserIcon aria-hidden="true" className="size-4" /> Profile
                  </Link>
                </li>
                <li>
                  <Link to="/bookmarks" onClick={close}>
                    <Bookmark aria-hidden="true" className="size-4" /> Bookmarks
                  </Link>
                </li>
                <li>
                  <button type="button" disabled={loggingOut} onClick={onLogout}>
                    <LogOut aria-hidden="true" className="size-4" /> Log out
                  </button>
                </li>
              </ul>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary w-full"
              onClick={() => {
                close();
                openAuthDialog('login');
              }}
            >
              <LogIn aria-hidden="true" className="size-4" /> Sign in
            </button>
          )}
        </div>
      </Dialog>
    </>
  );
}
