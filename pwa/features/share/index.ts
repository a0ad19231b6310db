// The share feature's public surface: the Share button of posts and videos, and where a share
// from another app (the manifest's share_target) leads.
export { ShareButton } from './components/share-button';
export { shareTargetDestination, SHARE_TARGET_PATH } from './share-target';
