import { CloudDownload } from 'lucide-react';
import { Link, useNavigation } from 'react-router-dom';
import { useLogout } from '#pwa/features/auth';
import { ReadingMenu } from '#pwa/features/reading';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { useUser } from '#pwa/lib/session';
import { DeferredSyncIndicator } from './deferred';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLinkList } from './nav-link-list';
import { SearchForm } from './search-form';
import { UserMenu } from './user-menu';

/**
 * A thin bar along the header's top while the next page loads. A component of its own: the router's
 * state changes twice on every navigation, and read in Header it re-rendered the whole header, the
 * phone's menu and the account menu with it, on each link's tap.
 */
function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? <div className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-primary" aria-hidden="true" /> : null;
}

export function Header() {
  const { user, isLoading } = useUser();
  const logout = useLogout();
  const onLogout = () => logout.mutate();

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <NavigationProgress />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:gap-4">
        <Logo wordmarkClassName="md:max-lg:hidden" />
        <nav aria-label="Main" className="ml-2 hidden md:block">
          <NavLinkList orientation="horizontal" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <DeferredSyncIndicator />
          <SearchForm className="hidden w-40 md:block lg:w-60" />
          {isLoading ? (
            <span className="size-10" aria-hidden="true" />
          ) : user ? (
            <UserMenu user={user} onLogout={onLogout} loggingOut={logout.isPending} />
          ) : (
            <>
              <ReadingMenu className="hidden md:block" />
              {/* Saving is per device: signed out, 'Saved for offline' is here (signed in, in the account menu; on a phone, in the menu). */}
              <Link to="/saved" className="btn btn-ghost btn-square btn-sm max-md:hidden" aria-label="Saved for offline" title="Saved for offline">
                <CloudDownload aria-hidden="true" className="size-5" />
              </Link>
              <button type="button" className="btn btn-primary btn-sm max-sm:hidden" onClick={() => openAuthDialog('login')}>
                Sign in
              </button>
            </>
          )}
          <MobileMenu user={user} onLogout={onLogout} loggingOut={logout.isPending} />
        </div>
      </div>
    </header>
  );
}
