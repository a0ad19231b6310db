import { useState, type ComponentType, type ReactNode } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { ActivitySection } from './activity-section';
import { AdminPostList } from './admin-post-list';
import { CommentsSection } from './comments-section';
import { DevotionalsSection } from './devotionals-section';
import { LiveSection } from './live-section';
import { PostForm } from './post-form';
import { SubscribersSection } from './subscribers-section';
import { VideosSection } from './videos-section';

/** What a section is given: the signed-in editor, and how the route previews Markdown. */
export interface DeskSectionProps {
  userId: number;
  renderPreview: (markdown: string) => ReactNode;
}

/** The form (a new article, or the post being edited) beside the list whose "Edit" opens one in it. */
function PostsSection({ renderPreview }: DeskSectionProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <PostForm renderPreview={renderPreview} editingId={editingId} onDoneEditing={() => setEditingId(null)} />
      <AdminPostList onEdit={setEditingId} />
    </div>
  );
}

/**
 * The editor's desk's sections, in the order of its nav: each a sub-route of /blog-admin
 * (Posts is also /blog-admin itself). A section is added here, with its component.
 */
export const DESK_SECTIONS: ReadonlyArray<{ path: string; label: string; Section: ComponentType<DeskSectionProps> }> = [
  { path: 'posts', label: 'Posts', Section: PostsSection },
  { path: 'videos', label: 'Videos', Section: VideosSection },
  { path: 'devotionals', label: 'Devotionals', Section: DevotionalsSection },
  { path: 'live', label: 'Live', Section: LiveSection },
  { path: 'comments', label: 'Comments', Section: CommentsSection },
  { path: 'subscribers', label: 'Subscribers', Section: SubscribersSection },
  { path: 'activity', label: 'Activity', Section: ActivitySection },
];

/** The desk for an editor: its nav (a row of tabs that scrolls on a phone) and the section shown. */
export function Desk(props: DeskSectionProps) {
  const Posts = DESK_SECTIONS[0]!.Section;
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Editor's desk" className="-mx-4 overflow-x-auto px-4">
        {/* daisyUI's tabs style their direct children: the links, not list items. */}
        <div className="tabs tabs-border flex-nowrap">
          {DESK_SECTIONS.map(({ path, label }) => (
            <NavLink
              key={path}
              to={path === 'posts' ? '/blog-admin' : `/blog-admin/${path}`}
              end={path === 'posts'}
              className={({ isActive }) => `tab whitespace-nowrap ${isActive ? 'tab-active' : ''}`}
            >
              {label}
            </NavLink>
          ))}
        </div>
      </nav>
      <Routes>
        <Route index element={<Posts {...props} />} />
        {DESK_SECTIONS.map(({ path, Section }) => (
          <Route key={path} path={path} element={<Section {...props} />} />
        ))}
      </Routes>
    </div>
  );
}
