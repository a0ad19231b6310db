import { DESK_POSTS_KEY_ROOT, privateKey } from '#pwa/lib/query-client';

/**
 * The blog's queries all start with 'blog' (features/blog's `blogKeys.all`; a route test checks
 * the two agree). Features never import each other, so the root is named here again: after an
 * editor's change, invalidating it refreshes /blog, its hero, post pages, the home page's
 * featured article and this page's list at once.
 */
export const blogAdminKeys = {
  blogRoot: ['blog'] as const,
  /** Every desk post query (dropped at sign-out: lib/query-client.ts). */
  list: () => DESK_POSTS_KEY_ROOT,
  /** The list filtered by state (all, drafts, scheduled, published) and searched by `q` ('' for none), in pages. */
  listIn: (state: string, q = '') => [...DESK_POSTS_KEY_ROOT, 'list', state, q] as const,
  /** A post open in the desk's form, and its saved versions. */
  editing: (id: number) => [...DESK_POSTS_KEY_ROOT, 'editing', id] as const,
  versions: (id: number) => [...DESK_POSTS_KEY_ROOT, 'versions', id] as const,
  /** A post's newsletter sends (and how many subscribers one would reach), and one send's progress. */
  sends: (postId: number) => [...DESK_POSTS_KEY_ROOT, 'sends', postId] as const,
  send: (id: number) => [...DESK_POSTS_KEY_ROOT, 'send', id] as const,
  /** The desk's other sections: the signed-in editor's (private: dropped when they sign out). */
  subscribers: (userId: number) => [...privateKey(userId), 'desk', 'subscribers'] as const,
  activity: (userId: number) => [...privateKey(userId), 'desk', 'activity'] as const,
};
