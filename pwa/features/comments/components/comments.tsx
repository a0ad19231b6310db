export interface CommentsProps {
  contentType: 'video' | 'blog';
  contentId: number;
}

export function Comments(_props: CommentsProps) {
  return (
    <section aria-labelledby="comments-heading" className="mt-8">
      <h2 id="comments-heading" className="text-xl font-bold">
        Comments
      </h2>
    </section>
  );
}
