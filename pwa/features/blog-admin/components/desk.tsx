import { lazy, Suspense, type ComponentType } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { OfflineNote } from '#pwa/components/ui/offline';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import type { DeskSectionProps } from './desk-section';

// Each section is a chunk of its own, fetched when it is opened: the desk's first load is its nav
// and the section on screen, within the budget of every route (docs/decisions/005).
const PostsSection = lazy(() => import('./posts-section').then((m) => ({ default: m.PostsSection })));
const VideosSection = lazy(() => import('./videos-section').then((m) => ({ default: m.VideosSection })));
const DevotionalsSection = lazy(() => import('./devotionals-section').then((m) => ({ default: m.DevotionalsSection })));
const LiveSection = lazy(() => import('./live-section').then((m) => ({ default: m.LiveSection })));
const CommentsSection = lazy(() => import('./comments-section').then((m) => ({ default: m.CommentsSection })));
const SubscribersSection = lazy(() => import('./subscribers-section').then((m) => ({ default: m.SubscribersSection })));
const ActivitySection = lazy(() => import('./activity-section').then((m) => ({ default: m.ActivitySection })));

/** What the Posts section says offline: its form keeps what is typed and saves it once back (post-form.tsx). */
export const POSTS_OFFLINE = "You're offline: changes will be saved when you're back online";

interface DeskSection {
  path: string;
  label: string;
  Section: ComponentType<DeskSectionProps>;
  /** What the section says while the device is offline: what waits for the connection. */
  offline: string;
}

/**
 * The editor's desk's sections, in the order of its nav: each a sub-route of /blog-admin
 * (Posts is also /blog-admin itself). A section is added here, with its component.
 */
export const DESK_SECTIONS: readonly DeskSection[] = [
  { path: 'posts', label: 'Posts', Section: PostsSection, offline: POSTS_OFFLINE },
  { path: 'videos', label: 'Videos', Section: VideosSection, offline: "You're offline. Connect to add, edit, feature or delete videos." },
  { path: 'devotionals', label: 'Devotionals', Section: DevotionalsSection, offline: "You're offline. Connect to write or delete devotionals." },
  { path: 'live', label: 'Live', Section: LiveSection, offline: "You're offline. Connect to schedule streams, go live or hide questions." },
  { path: 'comments', label: 'Comments', Section: CommentsSection, offline: "You're offline. Connect to hide or dismiss reported comments." },
  { path: 'subscribers', label: 'Subscribers', Section: SubscribersSection, offline: "You're offline. Connect to see the latest subscribers and export them." },
  { path: 'activity', label: 'Activity', Section: ActivitySection, offline: "You're offline. Connect to see the latest activity." },
];

/** A section under its offline note (shown while the device is offline). */
function SectionPage({ section, ...props }: DeskSectionProps & { section: DeskSection }) {
  const online = useOnlineStatus();
  const { Section } = section;
  return (
    <div className="flex flex-col gap-6">
      {online ? null : <OfflineNote className="rounded-box border border-base-300 bg-base-200 px-4 py-3">{section.offline}</OfflineNote>}
      <Suspense fallback={<span className="loading loading-spinner self-center" aria-label="Loading the section…" />}>
        <Section {...props} />
      </Suspense>
    </div>
  );
}

/** The desk for an editor: its nav (a row of tabs that scrolls on a phone) and the section shown. */
export function Desk(props: DeskSectionProps) {
  // The section is the rest of the path after /blog-admin/ (its route is `blog-admin/*`). Read
  // here rather than with <Routes>, whose code would join the router's chunk every reader loads.
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const section = rest === '' ? DESK_SECTIONS[0]! : DESK_SECTIONS.find((s) => s.path === rest);
  // Posts is /blog-admin and /blog-admin/posts: its tab links to the one open, so that it is the
  // current tab at either.
  const postsTo = rest === 'posts' ? '/blog-admin/posts' : '/blog-admin';
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Editor's desk" className="-mx-4 overflow-x-auto px-4">
        {/* daisyUI's tabs style their direct children: the links, not list items. */}
        <div className="tabs tabs-border flex-nowrap">
          {DESK_SECTIONS.map(({ path, label }) => (
            <NavLink
              key={path}
              to={path === 'posts' ? postsTo : `/blog-admin/${path}`}
              end={path === 'posts'}
              className={({ isActive }) => `tab whitespace-nowrap ${isActive ? 'tab-active' : ''}`}
            >
              {label}
            </NavLink>
          ))}
        </div>
      </nav>
      {section ? (
        <SectionPage key={section.path} section={section} {...props} />
      ) : (
        <p role="note" className="rounded-box border border-base-300 bg-base-200 px-4 py-6 text-center">
          The desk has no such section. Choose one above.
        </p>
      )}
    </div>
  );
}
