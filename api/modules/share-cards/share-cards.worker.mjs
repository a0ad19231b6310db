// The share-card thread's entry (see share-cards.worker.ts): a worker does not inherit the
// TypeScript loader the server runs under (`node --import tsx`, vitest), so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./share-cards.worker.ts');
