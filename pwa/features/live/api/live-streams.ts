import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { LiveQuestion, LiveStream } from '#contract/live';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';
import { alwaysUnlessOffline } from '#pwa/lib/query-client';

export const liveKeys = {
  all: ['live'] as const,
  current: () => [...liveKeys.all, 'current'] as const,
  upcoming: () => [...liveKeys.all, 'upcoming'] as const,
  questions: (streamId: number) => [...liveKeys.all, streamId, 'questions'] as const,
};

/** GET /api/live-streams/current: the stream on air, or null when nothing is. */
export const getCurrentStream = (signal?: AbortSignal): Promise<LiveStream | null> =>
  apiFetch('/api/live-streams/current', { schema: answerSchema('currentLiveStream'), signal });

export const currentStreamQueryOptions = () => queryOptions({ queryKey: liveKeys.current(), queryFn: ({ signal }) => getCurrentStream(signal) });
/**
 * Live data is checked with the server each time the page opens, not only once per visit: a
 * stream can end (and questions come in) while the reader is elsewhere in the app. The saved copy
 * shows meanwhile, and offline, where it is not asked for again (it shows with its age).
 */
const LIVE = { refetchOnMount: alwaysUnlessOffline } as const;

export const useCurrentStream = () => useQuery({ ...currentStreamQueryOptions(), ...LIVE });

/** GET /api/live-streams/upcoming: scheduled sessions, soonest first. */
export const getUpcomingStreams = (signal?: AbortSignal): Promise<LiveStream[]> =>
  apiFetch('/api/live-streams/upcoming', { schema: answerSchema('liveStreams'), signal });

export const upcomingStreamsQueryOptions = () => queryOptions({ queryKey: liveKeys.upcoming(), queryFn: ({ signal }) => getUpcomingStreams(signal) });
export const useUpcomingStreams = () => useQuery({ ...upcomingStreamsQueryOptions(), ...LIVE });

/** Questions come 50 at a time; "Show more questions" asks for the next 50. */
export const QUESTIONS_PAGE_SIZE = 50;

/** GET /api/live-streams/{id}/questions: one page, highlighted first then newest first, after the question `before`. */
export const getQuestions = (streamId: number, before: number | undefined, signal?: AbortSignal): Promise<LiveQuestion[]> =>
  apiFetch(withQuery(`/api/live-streams/${streamId}/questions`, { limit: QUESTIONS_PAGE_SIZE, before }), { schema: answerSchema('liveQuestions'), signal });

export type QuestionPages = InfiniteData<LiveQuestion[], number | undefined>;

export const questionsQueryOptions = (streamId: number) =>
  infiniteQueryOptions({
    queryKey: liveKeys.questions(streamId),
    queryFn: ({ pageParam, signal }) => getQuestions(streamId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A full page may have more behind it; the cursor is the last question shown.
    getNextPageParam: (lastPage) => (lastPage.length < QUESTIONS_PAGE_SIZE ? undefined : lastPage.at(-1)?.id),
  });
export const useQuestions = (streamId: number) => useInfiniteQuery({ ...questionsQueryOptions(streamId), ...LIVE });
