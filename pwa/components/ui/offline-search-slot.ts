import type { ReactNode } from 'react';

/** What a search screen shows for a search it cannot make offline, supplied by pwa/app (see app/deferred/offline-search.tsx). */
export type OfflineSearchSlot = (props: { query: string; kinds?: readonly ('video' | 'article' | 'note')[]; onRetry: () => void; retrying: boolean }) => ReactNode;
