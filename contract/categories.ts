// The six categories and their labels, free of zod: the pages show them (cards, filters, a
// ?category= read) without loading zod for that (docs/decisions/005-what-loads-first.md).
// common.ts builds categorySchema on the same list and exports all of this too.

/** The six categories shared by videos and blog posts (docs/product.md#categories). */
export const categories = [
  'apologetics',
  'bible-study',
  'theology',
  'christian-living',
  'church-history',
  'ministry',
] as const;
export type Category = (typeof categories)[number];

/** Whether a value is one of the six categories, as categorySchema says, without running zod. */
export const isCategory = (value: unknown): value is Category => (categories as readonly unknown[]).includes(value);

/** How a category is written for people: on cards and pages, and in the feeds. */
export const categoryLabels: Record<Category, string> = {
  apologetics: 'Apologetics',
  'bible-study': 'Bible Study',
  theology: 'Theology',
  'christian-living': 'Christian Living',
  'church-history': 'Church History',
  ministry: 'Ministry',
};
