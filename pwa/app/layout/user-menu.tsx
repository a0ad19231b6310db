import { Bookmark, CloudDownload, LogOut, NotebookPen, RefreshCw, User as UserIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { User } from '#contract/users';
import { Avatar, initialsOf } from '#pwa/components/ui/avatar';
import { ReadingSettings } from '#pwa/features/reading';
import { useDisclosure } from '#pwa/lib/use-disclosure';

/**
 * The account button's name. Without a picture the button shows the initials, so its name says them
 * too: what is seen is what a voice-control user says (WCAG 2.5.3, label in name; axe in
 * e2e/desk.e2e.ts).
 */
const accountMenuLabel = (user: Pick<User, 'username' | 'name' | 'avatarUrl'>): string =>
  `Account menu for @${user.username}${user.avatarUrl ? '' : `, ${initialsOf(user.name || user.username)}`}`;

/**
 * The signed-in user's menu (a disclosure: a button and the links it shows). Closes on Escape
 * (focus back on the button), a click elsewhere, and navigation.
 */
export function UserMenu({ user, onLogout, loggingOut }: { user: User; onLogout: () => void; loggingOut: boolean }) {
  const { open, setOpen, panelId, containerProps, buttonProps } = useDisclosure();

  return (
    <div {...containerProps} className="relative">
      <button {...buttonProps} type="button" className="btn btn-ghost btn-circle" aria-label={accountMenuLabel(user)}>
        <Avatar name={user.name || user.username} src={user.avatarUrl} />
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 top-full z-50 mt-2 w-72 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <div className="flex items-center gap-3 px-3 py-2">
          <Avatar name={user.name || user.username} src={user.avatarUrl} className="size-10" />
          <div className="min-w-0">
            {user.name && user.name !== user.username ? <p className="truncate text-sm font-semibold">{user.name}</p> : null}
            <p className="truncate text-sm text-base-content/75">@{user.username}</p>
          </div>
        </div>
        <ul className="menu w-full p-0">
          <li>
            <Link to="/profile" onClick={() => setOpen(false)}>
              <UserIcon aria-hidden="true" className="size-4" /> Profile
            </Link>
          </li>
          <li>
            <Link to="/bookmarks" onClick={() => setOpen(false)}>
              <Bookmark aria-hidden="true" className="size-4" /> Bookmarks
            </Link>
          </li>
          <li>
            <Link to="/notes" onClick={() => setOpen(false)}>
              <NotebookPen aria-hidden="true" className="size-4" /> My Notes
            </Link>
          </li>
          <li>
            <Link to="/saved" onClick={() => setOpen(false)}>
              <CloudDownload aria-hidden="true" className="size-4" /> Saved for offline
            </Link>
          </li>
          <li>
            <Link to="/sync" onClick={() => setOpen(false)}>
              <RefreshCw aria-hidden="true" className="size-4" /> Sync
            </Link>
          </li>
          <li>
            <button type="button" disabled={loggingOut} onClick={onLogout}>
              <LogOut aria-hidden="true" className="size-4" /> Log out
            </button>
          </li>
        </ul>
        {open ? <ReadingSettings className="border-t border-base-300 px-3 pt-3 pb-1" /> : null}
      </div>
    </div>
  );
}
