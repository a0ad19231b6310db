import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { blogPostSummarySchema } from '#contract/content';
import { apiFetch } from '#pwa/lib/api-client';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { blogAdminKeys } from './keys';

/** The most the API gives in one page; the editors' list shows the newest this many. */
export const ADMIN_LIST_LIMIT = 100;

export const getAdminPosts = (signal?: AbortSignal) =>
  apiFetch(`/api/blog?limit=${ADMIN_LIST_LIMIT}`, { schema: z.array(blogPostSummarySchema), signal });

export const adminPostsQueryOptions = () => queryOptions({ queryKey: blogAdminKeys.list(), queryFn: ({ signal }) => getAdminPosts(signal), staleTime: freshOncePerVisit });

export const useAdminPosts = () => useQuery(adminPostsQueryOptions());
