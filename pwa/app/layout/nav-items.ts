/** The header's navigation (docs/product.md#layout), shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS = [
  { to: '/', label: 'Home' },
  { to: '/videos', label: 'Videos' },
  { to: '/blog', label: 'Blog' },
  { to: '/bookmarks', label: 'Bookmarks' },
  { to: '/live-qa', label: 'Live Q&A' },
] as const;

export const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/videos', label: 'Videos' },
  { to: '/blog', label: 'Blog' },
] as const;
