import path from 'node:path';

/** A path that names a page of the app: not the API, not an upload, no file extension. */
export function isAppPagePath(p: string): boolean {
  if (p === '/api' || p.startsWith('/api/') || p.startsWith('/objects/')) return false;
  return path.extname(p) === '';
}
