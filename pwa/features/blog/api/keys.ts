import type { Category } from '#contract/common';

/**
 * Every blog query lives under `blogKeys.all`, so one `invalidateQueries({ queryKey: blogKeys.all })`
 * after an editor creates, features or deletes a post refreshes the list, the hero, the post pages
 * and the admin list together (the home page's featured article too, when it uses `blogKeys.featured()`).
 */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  /** The paged grid of /blog for one category ('all' for every category). */
  list: (category: Category | 'all') => [...blogKeys.lists(), category] as const,
  featured: () => [...blogKeys.all, 'featured'] as const,
  detail: (id: number) => [...blogKeys.all, 'detail', id] as const,
  related: (category: Category) => [...blogKeys.all, 'related', category] as const,
  /** The editors' list on /blog-admin. */
  admin: () => [...blogKeys.all, 'admin'] as const,
};
