// The profile feature's public surface, for pwa/app to compose.
export { ProfileScreen } from './components/profile-screen';
export type { ExportNotes } from './components/account-section';
