import { useQuery } from '@tanstack/react-query';
import { subscribersSchema } from '#contract/desk';
import { apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** GET /api/newsletter/subscribers: how many subscribe, and who, newest first (editors only). */
export const useSubscribers = (userId: number) =>
  useQuery({ queryKey: blogAdminKeys.subscribers(userId), queryFn: ({ signal }) => apiFetch('/api/newsletter/subscribers', { schema: subscribersSchema, signal }) });

/** The same list as the API writes it for a spreadsheet (`Accept: text/csv`). */
export async function downloadSubscribersCsv(): Promise<Blob> {
  const response = await fetch('/api/newsletter/subscribers', { headers: { Accept: 'text/csv' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  return response.blob();
}
