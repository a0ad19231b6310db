import { useParams } from 'react-router-dom';
import { Page } from '#pwa/components/ui/page';
import { youtubeThumbnailUrl } from '#pwa/components/content';
import { BookmarkButton, Comments, CompleteButton, NotesPanel } from '../deferred/study-tools';
import { SaveButton } from '../deferred/save-tools';
import { forgetPosition, ResumablePlayer } from '../deferred/resume-tools';
import { ShareButton } from '../deferred/share-tools';
// By path: the feature's index would bring the video library's code with the watch page.
import { WatchVideo } from '#pwa/features/videos/components/watch-video';

/**
 * /watch/{id} (docs/product.md#watch-page): the videos feature shows the player and details; the resume feature's
 * player takes the embed's place and starts where this device stopped; the study features add
 * bookmark and mark-complete buttons (and Share, and 'Save for offline'), the 'Your Notes' side panel and the comments.
 * Marking the video complete forgets where it stopped ('Continue where you left off' drops it).
 */
export function Component() {
  const { id } = useParams();
  return (
    <Page>
      <WatchVideo
        id={id}
        player={(video, embed) => (
          <ResumablePlayer
            videoId={video.id}
            youtubeId={video.youtubeId}
            title={video.title}
            thumbnailUrl={youtubeThumbnailUrl(video.youtubeId, 'hqdefault')}
            fallback={embed}
          />
        )}
        actions={(video) => (
          <>
            <BookmarkButton contentType="video" contentId={video.id} title={video.title} />
            <CompleteButton contentType="video" contentId={video.id} title={video.title} onCompletedChange={(done) => done && forgetPosition('video', video.id)} />
            <ShareButton title={video.title} path={`/watch/${video.id}`} />
            <SaveButton kind="video" video={video} />
          </>
        )}
        aside={(video) => <NotesPanel contentType="video" contentId={video.id} title={video.title} />}
        footer={(video) => <Comments contentType="video" contentId={video.id} />}
      />
    </Page>
  );
}
