import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, ImageUp, Pause, Play, RotateCcw, Upload, X } from 'lucide-react';
import { Dialog } from '#pwa/components/ui/dialog';
import { useAvatarUpload, type AvatarUpload, type UploadStage } from './use-avatar-upload';

/** The dialog's own lifecycle (docs/product.md#avatar-upload): content stays while it closes, then goes (which aborts and resets). */
export type AvatarDialogState = 'open' | 'closing' | 'hidden';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const STAGE_TEXT: Record<UploadStage, string> = {
  idle: '',
  waiting: 'Ready to upload',
  preprocessing: 'Preparing…',
  uploading: 'Uploading…',
  paused: 'Paused',
  postprocessing: 'Saving your avatar…',
  complete: 'Upload complete',
  error: 'Upload failed',
};

/** The Upload Avatar dialog. Default export: the profile page loads it (and Uppy) only when it opens. */
export default function AvatarUploadDialog({ userId, state, onClose }: { userId: number; state: AvatarDialogState; onClose: () => void }) {
  const titleId = useId();
  const upload = useAvatarUpload(userId);
  return (
    <Dialog open={state === 'open'} onClose={onClose} labelledBy={titleId} closeLabel="Close upload dialog" boxClassName="sm:max-w-lg">
      <div data-state={state} className="flex flex-col gap-5">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            Upload Avatar
          </h2>
          <p className="mt-1 text-sm text-base-content/80">One image (PNG, JPEG, WebP or GIF), up to 5 MB.</p>
        </div>
        {upload.stage === 'idle' ? <DropZone upload={upload} /> : <FilePanel upload={upload} onDone={onClose} />}
      </div>
    </Dialog>
  );
}

function DropZone({ upload }: { upload: AvatarUpload }) {
  const inputId = useId();
  const messageId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    upload.choose([...event.dataTransfer.files]);
  };
  return (
    <div className="flex flex-col gap-3">
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-describedby={upload.restriction ? messageId : undefined}
        onChange={(event) => {
          upload.choose([...(event.currentTarget.files ?? [])]);
          // Choosing the same file again after a refusal must fire change again.
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 border-dashed px-6 py-10 text-center transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${
          dragging ? 'border-primary bg-primary/10' : 'border-base-300 hover:border-primary hover:bg-base-200'
        }`}
      >
        <ImageUp aria-hidden="true" className="size-10 text-primary" />
        <span className="font-semibold">Choose an image</span>
        <span className="text-sm text-base-content/75">or drop it here</span>
      </label>
      {upload.restriction ? (
        <p id={messageId} role="alert" className="text-sm text-error">
          {upload.restriction}
        </p>
      ) : null}
    </div>
  );
}

function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setBroken(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-base-200">
      {url && !broken ? <img src={url} alt="Preview of the chosen image" className="size-full object-cover" onError={() => setBroken(true)} /> : <ImageUp aria-hidden="true" className="size-8 opacity-60" />}
    </div>
  );
}

function FilePanel({ upload, onDone }: { upload: AvatarUpload; onDone: () => void }) {
  const { stage, file, progress } = upload;
  const actions = useRef<HTMLDivElement>(null);
  // The pressed button goes away as the stage changes: keep keyboard focus in the dialog, on the next action.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) actions.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [stage]);
  const busy = stage === 'preprocessing' || stage === 'uploading' || stage === 'postprocessing';
  const shownProgress = stage === 'complete' || stage === 'postprocessing' ? 100 : Math.round(progress);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        {file ? <Preview file={file} /> : null}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" title={file?.name}>
            {file?.name}
          </p>
          <p className="text-sm text-base-content/75">{file ? formatBytes(file.size) : null}</p>
          <p className="mt-1 flex items-center gap-1 text-sm font-medium" data-stage={stage} aria-live="polite">
            {stage === 'complete' ? <CheckCircle2 aria-hidden="true" className="size-4 text-success" /> : null}
            {STAGE_TEXT[stage]}
          </p>
        </div>
      </div>
      {stage !== 'waiting' ? (
        <div className="flex items-center gap-3">
          <progress className={`progress w-full ${stage === 'error' ? 'progress-error' : 'progress-primary'}`} value={shownProgress} max={100} aria-label="Upload progress" />
          <span className="w-10 text-right text-sm tabular-nums" aria-hidden="true">
            {shownProgress}%
          </span>
        </div>
      ) : null}
      {stage === 'error' && upload.error ? (
        <p role="alert" className="text-sm text-error">
          {upload.error}
        </p>
      ) : null}
      <div ref={actions} className="flex flex-wrap justify-end gap-2">
        {stage === 'complete' ? (
          <button type="button" className="btn btn-primary" onClick={onDone} autoFocus>
            Done
          </button>
        ) : (
          <>
            {/* Every stage but the last can be cancelled; only the server's own processing cannot be stopped. */}
            <button type="button" className="btn btn-ghost" onClick={upload.cancel} disabled={stage === 'postprocessing'}>
              <X aria-hidden="true" className="size-4" /> Cancel
            </button>
            {stage === 'waiting' ? (
              <button type="button" className="btn btn-primary" onClick={upload.upload}>
                <Upload aria-hidden="true" className="size-4" /> Upload
              </button>
            ) : busy ? (
              <button type="button" className="btn" onClick={upload.pause} disabled={stage !== 'uploading'}>
                <Pause aria-hidden="true" className="size-4" /> Pause
              </button>
            ) : stage === 'paused' ? (
              <button type="button" className="btn btn-primary" onClick={upload.resume}>
                <Play aria-hidden="true" className="size-4" /> Resume
              </button>
            ) : stage === 'error' ? (
              <button type="button" className="btn btn-primary" onClick={upload.retry}>
                <RotateCcw aria-hidden="true" className="size-4" /> Retry
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
