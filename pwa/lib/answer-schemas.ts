// The contract's schemas of the answers the pages' first screens read, in one module that loads
// with zod when the first of them is needed (`answerSchema` in api-client.ts): no page's first
// download carries zod for them (docs/decisions/005-what-loads-first.md).
import * as z from 'zod/mini';
import { blogPostSchema, blogPostSummarySchema, devotionalSchema, searchResultSchema, videoSchema, videoViewsSchema } from '#contract/content';
import { liveQuestionSchema, liveStreamSchema } from '#contract/live';
import { userSchema } from '#contract/users';

export const blogPost = blogPostSchema;
export const blogPostSummaries = z.array(blogPostSummarySchema);
export const featuredPost = z.nullable(blogPostSummarySchema);
export const devotional = devotionalSchema;
export const video = videoSchema;
export const videos = z.array(videoSchema);
export const featuredVideo = z.nullable(videoSchema);
export const videoViews = videoViewsSchema;
export const searchResult = searchResultSchema;
export const currentLiveStream = z.nullable(liveStreamSchema);
export const liveStreams = z.array(liveStreamSchema);
export const liveQuestion = liveQuestionSchema;
export const liveQuestions = z.array(liveQuestionSchema);
export const user = userSchema;
