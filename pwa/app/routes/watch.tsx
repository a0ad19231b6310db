import { useParams } from 'react-router-dom';
import { Page } from '../../components/ui/page';
import { BookmarkButton, Comments, CompleteButton, NotesPanel } from '../deferred/study-tools';
import { ShareButton } from '../../features/share';
import { WatchVideo } from '../../features/videos';

/**
 * /watch/{id} (docs/product.md#watch-page): the videos feature shows the player and details; the study features
 * add bookmark and mark-complete buttons (and Share), the 'Your Notes' side panel and the comments.
 */
export function Component() {
  const { id } = useParams();
  return (
    <Page>
      <WatchVideo
        id={id}
        actions={(video) => (
          <>
            <BookmarkButton contentType="video" contentId={video.id} title={video.title} />
            <CompleteButton contentType="video" contentId={video.id} />
            <ShareButton title={video.title} path={`/watch/${video.id}`} />
          </>
        )}
        aside={(video) => <NotesPanel contentType="video" contentId={video.id} title={video.title} />}
        footer={(video) => <Comments contentType="video" contentId={video.id} />}
      />
    </Page>
  );
}
