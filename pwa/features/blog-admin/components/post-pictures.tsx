import { useId, useState, type ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { COVER_ALT_MAX } from '#contract/posts';
import { TextField } from '#pwa/components/ui/text-field';
import { usePictureUpload, type PictureUpload } from './use-picture-upload';

export const ALT_REQUIRED = 'Alt text is required: describe the picture for readers who cannot see it';
const OFFLINE_PICTURES = "You're offline. Connect to upload pictures.";

/** The Markdown of a picture in the text; an alt with brackets or backslashes stays one alt. */
export function pictureMarkdown(alt: string, path: string): string {
  return `![${alt.trim().replace(/[\\[\]]/g, '\\$&')}](${path})`;
}

/** The file chooser and what the upload says: progress, or why it failed. */
function PictureChooser({ label, upload, online, onChosen }: { label: string; upload: PictureUpload; online: boolean; onChosen: (file: File) => void }) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (file) onChosen(file);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="file-input w-full"
        disabled={!online || upload.uploading}
        onChange={pick}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/75">
        {online ? 'PNG, JPEG, WebP or GIF, at most 5 MB.' : OFFLINE_PICTURES}
      </p>
      {upload.uploading ? <progress className="progress progress-primary w-full" value={upload.progress} max={100} aria-label={`Uploading: ${upload.progress}%`} /> : null}
      {upload.error ? (
        <p role="alert" className="text-sm text-error">
          {upload.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The post's cover picture (docs/product.md#blog-management): the card image, the top of the
 * post and its link preview. Uploaded here; its alt text is required and saved with the post.
 */
export function CoverPicture({
  url,
  alt,
  altError,
  online,
  onChange,
}: {
  url: string;
  alt: string;
  altError: string | undefined;
  online: boolean;
  onChange: (cover: { url?: string; alt?: string }) => void;
}) {
  const upload = usePictureUpload('post-cover');
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-semibold">Cover picture</legend>
      {url ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <img src={url} alt={alt || 'The cover picture (no alt text yet)'} className="aspect-video w-full rounded-field object-cover sm:w-48" />
          <div className="flex flex-1 flex-col gap-3">
            <TextField
              label="Cover alt text"
              value={alt}
              maxLength={COVER_ALT_MAX}
              onChange={(e) => onChange({ alt: e.target.value })}
              error={altError}
              aria-required="true"
              hint={altError ? undefined : 'What the picture shows, for readers who cannot see it.'}
            />
            <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => onChange({ url: '', alt: '' })}>
              <Trash2 aria-hidden="true" className="size-4" /> Remove cover
            </button>
          </div>
        </div>
      ) : (
        <PictureChooser
          label="Choose a cover picture"
          upload={upload}
          online={online}
          onChosen={(file) => void upload.upload(file).then((path) => path && onChange({ url: path }))}
        />
      )}
    </fieldset>
  );
}

/**
 * A picture for the text: uploaded, then described, then "Insert" puts `![alt](/objects/…)`
 * where the cursor was in the Markdown. Alt text is required (the API refuses a post whose
 * pictures of this site have none).
 */
export function InsertPicture({ online, onInsert }: { online: boolean; onInsert: (markdown: string) => void }) {
  const upload = usePictureUpload('post-picture');
  const [path, setPath] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | undefined>();
  const insert = () => {
    if (!path) return;
    if (!alt.trim()) {
      setAltError(ALT_REQUIRED);
      return;
    }
    onInsert(pictureMarkdown(alt, path));
    setPath(null);
    setAlt('');
    setAltError(undefined);
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-semibold">Pictures in the text</legend>
      {path ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <img src={path} alt={alt || 'The uploaded picture (no alt text yet)'} className="max-h-40 w-full rounded-field object-contain sm:w-48" />
          <div className="flex flex-1 flex-col gap-3">
            <TextField
              label="Picture alt text"
              value={alt}
              onChange={(e) => {
                setAlt(e.target.value);
                setAltError(undefined);
              }}
              error={altError}
              aria-required="true"
              hint={altError ? undefined : 'What the picture shows, for readers who cannot see it.'}
            />
            <span className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-sm btn-primary" onClick={insert}>
                <ImagePlus aria-hidden="true" className="size-4" /> Insert
              </button>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPath(null)}>
                Cancel
              </button>
            </span>
          </div>
        </div>
      ) : (
        <PictureChooser label="Upload a picture" upload={upload} online={online} onChosen={(file) => void upload.upload(file).then(setPath)} />
      )}
    </fieldset>
  );
}
