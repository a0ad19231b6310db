import type { Devotional, DevotionalInput, HeartsInfo } from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { devotionalsRepo } from './devotionals.repo';
import { dateInZone, dayOfYear } from './site-date';

export const NO_DEVOTIONAL_MESSAGE = "Today's devotional is being prepared. Please check back later.";

export interface DevotionalsOptions {
  /** SITE_TIME_ZONE: the IANA zone whose date is "today" when a client sends none. */
  timeZone: string;
  /** The clock; tests set it. */
  now?: () => Date;
}

/** What a write of one day's devotional did: `created` when that day had none before. */
export interface DatedWrite {
  devotional: Devotional;
  created: boolean;
}

export function devotionalsService(db: Db, { timeZone, now = () => new Date() }: DevotionalsOptions) {
  const repo = devotionalsRepo(db);

  async function findDated(date: string): Promise<Devotional> {
    const devotional = await repo.findByDate(date);
    if (!devotional) throw notFound(`There is no devotional on ${date}.`);
    return devotional;
  }

  async function requireDevotional(id: number): Promise<void> {
    if (!(await repo.exists(id))) throw notFound('Devotional not found');
  }

  return {
    /**
     * The devotional for the client's local date (`YYYY-MM-DD`; today in the site's zone when
     * undefined): the one scheduled on that date, else the rotation (undated devotionals by id,
     * one per day of the year), so every reader sees the same one on a given date whatever the
     * server's time zone.
     */
    async today(localDate: string | undefined): Promise<Devotional> {
      const date = localDate ?? dateInZone(timeZone, now());
      const scheduled = await repo.findByDate(date);
      if (scheduled) return scheduled;
      const { count, undatedOnly } = await repo.rotationSize();
      const devotional = count > 0 ? await repo.rotationAt((dayOfYear(date) - 1) % count, undatedOnly) : null;
      if (!devotional) throw notFound(NO_DEVOTIONAL_MESSAGE);
      return devotional;
    },

    /** The devotionals dated from `from` to `to`, both included, oldest first (days with none are absent). */
    listDated(from: string, to: string): Promise<Devotional[]> {
      return repo.listDated(from, to);
    },

    /**
     * Writes the devotional of `date`: replaces that day's (same id, its hearts kept) or creates
     * it. Two writes of a new day at once make one row: the later one replaces the first.
     */
    async writeDated(date: string, input: DevotionalInput): Promise<DatedWrite> {
      if (await repo.updateDated(date, input)) return { devotional: await findDated(date), created: false };
      const created = await repo.insertDated(date, input);
      if (!created) await repo.updateDated(date, input);
      return { devotional: await findDated(date), created };
    },

    /** Deletes the devotional of `date`, with its hearts; 404 when that day has none. The day then falls back to the rotation. */
    async removeDated(date: string): Promise<void> {
      if (!(await repo.deleteDated(date))) throw notFound(`There is no devotional on ${date}.`);
    },

    /** isHearted is the signed-in reader's own state; false for a visitor. */
    async hearts(id: number, viewerId: number | null): Promise<HeartsInfo> {
      await requireDevotional(id);
      const [count, isHearted] = await Promise.all([repo.heartCount(id), viewerId === null ? false : repo.isHearted(id, viewerId)]);
      return { isHearted, count };
    },

    /** Idempotent: hearting twice leaves one heart. */
    async heart(id: number, userId: number): Promise<HeartsInfo> {
      await requireDevotional(id);
      await repo.addHeart(id, userId);
      return { isHearted: true, count: await repo.heartCount(id) };
    },

    /** Idempotent: removing a heart that is not there is harmless. */
    async unheart(id: number, userId: number): Promise<HeartsInfo> {
      await requireDevotional(id);
      await repo.removeHeart(id, userId);
      return { isHearted: false, count: await repo.heartCount(id) };
    },
  };
}

export type DevotionalsService = ReturnType<typeof devotionalsService>;
