import type { AppDeps } from './deps';
import { accountService } from './modules/account/account.service';
import { activityService } from './modules/activity/activity.service';
import { blogService } from './modules/blog/blog.service';
import { bookmarksService } from './modules/bookmarks/bookmarks.service';
import { foldersService } from './modules/bookmarks/folders.service';
import { commentsService } from './modules/comments/comments.service';
import { contentService } from './modules/content/content.service';
import { devotionalsService } from './modules/devotionals/devotionals.service';
import { feedsService } from './modules/feeds/feeds.service';
import { liveService } from './modules/live/live.service';
import { newsletterService } from './modules/newsletter/newsletter.service';
import { objectsService } from './modules/objects/objects.service';
import { progressService } from './modules/progress/progress.service';
import { searchService } from './modules/search/search.service';
import { shareCardsService } from './modules/share-cards/share-cards.service';
import { usersService } from './modules/users/users.service';
import { videosService } from './modules/videos/videos.service';

/**
 * The composition root: every service of the API, each built once from the settings and the
 * database handle, and handed the services it uses. Routes receive the services they serve
 * (createApp); no module builds another's service or reads another's repo.
 */
export function createServices({ db, config, events }: AppDeps) {
  const content = contentService(db);
  const objects = objectsService(db, config);
  const search = searchService(db);
  const folders = foldersService(db);
  const blog = blogService(db, objects);
  const videos = videosService(db, search);
  return {
    account: accountService(db, config),
    activity: activityService(db),
    blog,
    bookmarks: bookmarksService(db, folders, content),
    comments: commentsService(db, content),
    devotionals: devotionalsService(db, { timeZone: config.siteTimeZone }),
    feeds: feedsService(blog, videos),
    folders,
    live: liveService(db, events),
    newsletter: newsletterService(db, config),
    objects,
    progress: progressService(db, content),
    search,
    shareCards: shareCardsService({ blog, videos, objects }, { dir: config.cardsDir }),
    users: usersService(db, objects),
    videos,
  };
}

export type Services = ReturnType<typeof createServices>;
