import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { blogPostSummarySchema } from '#contract/content';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { apiFetch } from '#pwa/lib/api-client';
import { blogKeys } from './keys';

/** GET /api/blog/featured: the one featured post, or null when none is featured. */
export const getFeaturedPost = (signal?: AbortSignal) => apiFetch('/api/blog/featured', { schema: z.nullable(blogPostSummarySchema), signal });

export const featuredPostQueryOptions = () => queryOptions({ queryKey: blogKeys.featured(), queryFn: ({ signal }) => getFeaturedPost(signal), staleTime: freshOncePerVisit });

export const useFeaturedPost = () => useQuery(featuredPostQueryOptions());
