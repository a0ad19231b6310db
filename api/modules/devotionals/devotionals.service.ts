import type { Devotional, HeartsInfo } from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { devotionalsRepo } from './devotionals.repo';

export const NO_DEVOTIONAL_MESSAGE = "Today's devotional is being prepared. Please check back later.";

/** The server's own date (UTC) when the client sends none. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** 1 for January 1st; computed in UTC from the date's own parts, so no time zone shifts it. */
export function dayOfYear(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
}

export function devotionalsService(db: Db) {
  const repo = devotionalsRepo(db);

  async function requireDevotional(id: number): Promise<void> {
    if (!(await repo.exists(id))) throw notFound('Devotional not found');
  }

  return {
    /**
     * The devotional for the client's local date (`YYYY-MM-DD`; the server's UTC date when
     * undefined): the one scheduled on that date, else the rotation (undated devotionals by id,
     * one per day of the year), so every reader sees the same one on a given date whatever the
     * server's time zone.
     */
    async today(localDate: string | undefined): Promise<Devotional> {
      const date = localDate ?? utcToday();
      const scheduled = await repo.findByDate(date);
      if (scheduled) return scheduled;
      const { count, undatedOnly } = await repo.rotationSize();
      const devotional = count > 0 ? await repo.rotationAt((dayOfYear(date) - 1) % count, undatedOnly) : null;
      if (!devotional) throw notFound(NO_DEVOTIONAL_MESSAGE);
      return devotional;
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
