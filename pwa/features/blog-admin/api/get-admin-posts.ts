import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { editorPostSummarySchema, type PostStateFilter } from '#contract/posts';
import { apiFetch } from '#pwa/lib/api-client';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { blogAdminKeys } from './keys';

/** The most the API gives in one page; the editors' list shows the newest this many. */
export const ADMIN_LIST_LIMIT = 100;

/** The desk's list: every post in `state` (drafts and scheduled posts too), newest first, with its state. */
export const getAdminPosts = (state: PostStateFilter, signal?: AbortSignal) =>
  apiFetch(`/api/blog?status=${state}&limit=${ADMIN_LIST_LIMIT}`, { schema: z.array(editorPostSummarySchema), signal });

export const adminPostsQueryOptions = (state: PostStateFilter = 'all') =>
  queryOptions({ queryKey: blogAdminKeys.listIn(state), queryFn: ({ signal }) => getAdminPosts(state, signal), staleTime: freshOncePerVisit });

export const useAdminPosts = (state: PostStateFilter = 'all') => useQuery(adminPostsQueryOptions(state));
