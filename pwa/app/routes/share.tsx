import { Navigate, useSearchParams } from 'react-router-dom';
import { shareTargetDestination } from '#pwa/features/share';

/**
 * /share: what another app shares with the installed app (the manifest's share_target). A link to
 * one of our pages opens it; other text is searched for. Rendered in the browser only (the
 * service worker's shell opens it offline too), so the site's origin is the page's own.
 */
export function Component() {
  const [params] = useSearchParams();
  const to = shareTargetDestination({ title: params.get('title'), text: params.get('text'), url: params.get('url') }, window.location.origin);
  return <Navigate replace to={to} />;
}
