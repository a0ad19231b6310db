// The auth feature's public surface, for pwa/app to compose. The signed-in user itself
// (UserProvider, useUser) is in lib/session.tsx; openAuthDialog() is in lib/auth-dialog.ts.
export { AuthDialog } from './components/auth-dialog';
export { useLogout } from './api/logout';
