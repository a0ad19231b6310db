import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { liveStreamSchema, type LiveStream } from '#contract/live';
import type { LiveStreamInput, LiveStreamUpdate } from '#contract/live-desk';
import { apiFetch } from '#pwa/lib/api-client';

/** The live feature's queries start with 'live' (features/live's keys); named again here, as keys.ts does for the blog. */
const LIVE_ROOT = ['live'] as const;
const deskKey = ['desk', 'live'] as const;

/** The stream live now (if any) and the ones to come, soonest first: what the desk can run. */
export const useDeskStreams = () =>
  useQuery({
    queryKey: deskKey,
    queryFn: async ({ signal }) => {
      const [current, upcoming] = await Promise.all([
        apiFetch('/api/live-streams/current', { schema: z.nullable(liveStreamSchema), signal }),
        apiFetch('/api/live-streams/upcoming', { schema: z.array(liveStreamSchema), signal }),
      ]);
      return current ? [current, ...upcoming.filter((s) => s.id !== current.id)] : upcoming;
    },
  });

/** POST /api/live-streams (schedule) or PUT /api/live-streams/{id} (go live, end): then the desk and /live-qa refresh. */
export function useSaveStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; body: LiveStreamInput | LiveStreamUpdate }): Promise<LiveStream> =>
      apiFetch(input.id === undefined ? '/api/live-streams' : `/api/live-streams/${input.id}`, { method: input.id === undefined ? 'POST' : 'PUT', body: input.body, schema: liveStreamSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: deskKey }), queryClient.invalidateQueries({ queryKey: LIVE_ROOT })]),
  });
}

/** The fields of a stream as PUT takes them whole, so going live or ending changes nothing else. */
export const updateOf = (stream: LiveStream, isLive: boolean): LiveStreamUpdate => ({
  title: stream.title,
  description: stream.description,
  url: stream.youtubeId ?? null,
  scheduledFor: stream.scheduledFor ?? new Date().toISOString(),
  isLive,
});
