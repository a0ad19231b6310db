import type { AppDeps } from './deps.js';
import { blogService } from './modules/blog/blog.service.js';
import { bookmarksService } from './modules/bookmarks/bookmarks.service.js';
import { foldersService } from './modules/bookmarks/folders.service.js';
import { commentsService } from './modules/comments/comments.service.js';
import { contentService } from './modules/content/content.service.js';
import { devotionalsService } from './modules/devotionals/devotionals.service.js';
import { feedsService } from './modules/feeds/feeds.service.js';
import { liveService } from './modules/live/live.service.js';
import { newsletterService } from './modules/newsletter/newsletter.service.js';
import { objectsService } from './modules/objects/objects.service.js';
import { progressService } from './modules/progress/progress.service.js';
import { searchService } from './modules/search/search.service.js';
import { usersService } from './modules/users/users.service.js';
import { videosService } from './modules/videos/videos.service.js';

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
  const blog = blogService(db);
  const videos = videosService(db, search);
  return {
    blog,
    bookmarks: bookmarksService(db, folders, content),
    comments: commentsService(db, content),
    devotionals: devotionalsService(db),
    feeds: feedsService(blog, videos),
    folders,
    live: liveService(db, events),
    newsletter: newsletterService(db),
    objects,
    progress: progressService(db, content),
    search,
    users: usersService(db, objects),
    videos,
  };
}

export type Services = ReturnType<typeof createServices>;
